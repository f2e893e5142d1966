import {
  type ApiError,
  type BodyIn,
  createClient,
  type DataOut,
  isApiError,
  type Reply,
} from '@kabuto/client';
import type { Endpoint } from '@kabuto/contract';
import type { EndpointRef } from './endpoints.ts';
import { type MsgParams, showMsg } from './messages.ts';
import { navigateTo } from './navigation.ts';
import { endSession, onSessionEnd } from './session.ts';
import { promptStepUp, STEP_UP_REQUIRED } from './step-up.ts';
import { readItem, STORAGE_KEYS } from './storage.ts';
import { clearToasts } from './toast.ts';
import { ACCOUNT_HEADER, API_BASE, IDEMPOTENCY_HEADER, STEP_UP_HEADER, TOKEN_HEADER } from './transport.ts';

export {
  ApiError,
  type ApiErrorKind,
  type BodyIn,
  type DataOut,
  errorKey,
  isApiError,
  type Reply,
} from '@kabuto/client';

/** Body and data of an endpoint reference from lib/endpoints.ts. */
export type RefBody<R> = R extends EndpointRef<infer E> ? BodyIn<E> : never;
export type RefData<R> = R extends EndpointRef<infer E> ? DataOut<E> : never;

export interface CallOptions {
  /** Handle every outcome in the caller: no toast, no redirect on 401. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Money calls: one key per user action (see lib/idempotency.ts). */
  idempotencyKey?: string;
  /** A proof from /user/stepUp (sent in the `step-up` header). */
  stepUpProof?: string;
}

/** As the family's clients do: on HTTP 401 the stored token and account are cleared after 1.5 seconds, then login. */
export const UNAUTHORIZED_DELAY_MS = 1500;
let unauthorizedTimer: ReturnType<typeof setTimeout> | null = null;

/** The app's route now (its hash), "" outside a browser. */
const currentPath = (): string =>
  typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');

function onUnauthorized(): void {
  if (unauthorizedTimer) return;
  showMsg('auth.loginAgain');
  unauthorizedTimer = setTimeout(() => {
    unauthorizedTimer = null;
    endSession({ keepSearchList: true });
    // signed in again, the user comes back to the page that was open
    navigateTo('/login/login', { replace: true, state: { from: currentPath() } });
  }, UNAUTHORIZED_DELAY_MS);
}

/** A refusal is shown as a toast; a missing call or an unavailable server only clears the toasts. */
function onFailure(err: ApiError): void {
  if (err.httpStatus === 404 || err.httpStatus === 503) clearToasts();
  else showMsg(err.code, err.params as MsgParams | undefined);
}

/** The session headers (token, account) of every call. */
function sessionHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  const token = readItem(STORAGE_KEYS.token);
  const account = readItem(STORAGE_KEYS.account);
  if (token) h[TOKEN_HEADER] = token;
  if (account) h[ACCOUNT_HEADER] = account;
  return h;
}

const client = createClient({ base: API_BASE, headers: sessionHeaders, onUnauthorized, onFailure });

/**
 * Reads a screen makes as it opens, sent by the entry while the screen's code is still loading
 * (app/routes.ts, `preloadOpeningScreen`): the screen's first call with the same path and body takes the
 * reply in flight instead of asking again, so the data arrives with the code rather than a round trip
 * after it. Each is taken once, only while fresh; what a reply says is handled by the call that takes
 * it, as if it had sent it.
 */
const EARLY_FRESH_MS = 10_000;
const early = new Map<string, { at: number; reply: Promise<Reply<unknown>> }>();
const earlyKey = (path: string, body: unknown): string =>
  `${path} ${JSON.stringify(body && typeof body === 'object' ? Object.entries(body).sort(([a], [b]) => (a < b ? -1 : 1)) : body)}`;
onSessionEnd(() => early.clear());

/** Send a read now for the opening screen to take (see above). */
export function callEarly<E extends Endpoint>(endpoint: EndpointRef<E>, body: BodyIn<E>): void {
  const reply = client.post<unknown>(endpoint.path, body, { quiet: true });
  reply.catch(() => {}); // answered to the call that takes it
  early.set(earlyKey(endpoint.path, body), { at: Date.now(), reply });
}

function takeEarly<T>(path: string, body: unknown): Promise<Reply<T>> | undefined {
  if (early.size === 0 || (typeof FormData !== 'undefined' && body instanceof FormData)) return undefined;
  const key = earlyKey(path, body);
  const sent = early.get(key);
  early.delete(key);
  return sent && Date.now() - sent.at <= EARLY_FRESH_MS ? (sent.reply as Promise<Reply<T>>) : undefined;
}

/**
 * One call through the shared client, whose hooks run here (the client is asked to stay quiet) so that a
 * sensitive call refused with `security.stepUpRequired` can be confirmed in the step-up dialog and sent
 * again with the proof. That refusal ended the first key's intent (the server stored it), so the
 * confirmed call is a new action with a new key.
 */
async function send<T>(path: string, body: unknown, options: CallOptions): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  if (options.stepUpProof) headers[STEP_UP_HEADER] = options.stepUpProof;
  const sent = options.idempotencyKey || options.stepUpProof ? undefined : takeEarly<T>(path, body);
  try {
    return await (sent ?? client.post<T>(path, body, { signal: options.signal, quiet: true, headers }));
  } catch (e) {
    if (!isApiError(e)) throw e;
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    if (e.kind === 'refusal' && e.code === STEP_UP_REQUIRED && !options.stepUpProof && !form) {
      const proof = await promptStepUp();
      if (proof) {
        const { newIdempotencyKey } = await import('./idempotency.ts');
        return send<T>(path, body, {
          ...options,
          stepUpProof: proof,
          idempotencyKey: options.idempotencyKey ? newIdempotencyKey() : undefined,
        });
      }
    }
    if (!options.silent) {
      if (e.kind === 'unauthorized') onUnauthorized();
      else onFailure(e);
    }
    throw e;
  }
}

/** POST a call of the contract to /api/vue<path> with a JSON body and the session headers. */
export function call<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  body: BodyIn<E>,
  options: CallOptions = {},
): Promise<Reply<DataOut<E>>> {
  return send<DataOut<E>>(endpoint.path, body, options);
}

/** POST a multipart upload (one file in `field`) to a call of the contract, e.g. /common/upload1 `card`. */
export function upload<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  field: string,
  file: Blob,
  filename: string,
  options: CallOptions = {},
): Promise<Reply<DataOut<E>>> {
  const form = new FormData();
  form.append(field, file, filename);
  return send<DataOut<E>>(endpoint.path, form, options);
}

/** Convenience for queries: the data only. */
export async function fetchData<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  body: BodyIn<E>,
  options?: CallOptions,
): Promise<DataOut<E>> {
  return (await call(endpoint, body, options)).data;
}
