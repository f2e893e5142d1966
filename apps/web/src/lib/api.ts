import type { Endpoint } from '@kabuto/contract';
import type { z } from 'zod';
import type { EndpointRef } from './endpoints.ts';
import { type MsgParams, showMsg } from './messages.ts';
import { navigateTo } from './navigation.ts';
import { endSession } from './session.ts';
import { readItem, STORAGE_KEYS } from './storage.ts';
import { clearToasts } from './toast.ts';
import { ACCOUNT_HEADER, API_BASE, IDEMPOTENCY_HEADER, TOKEN_HEADER } from './transport.ts';

/** What a caller sends: the input side of the contract's body schema. */
export type BodyIn<E> = E extends Endpoint<infer B, z.ZodType> ? z.input<B> : never;
/** What a caller gets back in `data`. */
export type DataOut<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;
/** Body and data of an endpoint reference from lib/endpoints.ts. */
export type RefBody<R> = R extends EndpointRef<infer E> ? BodyIn<E> : never;
export type RefData<R> = R extends EndpointRef<infer E> ? DataOut<E> : never;

export type ApiErrorKind = 'refusal' | 'unauthorized' | 'http' | 'network';

/** A call that did not succeed. `msg` is a catalogue key (translated when shown). */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly msg: string,
    readonly params?: Record<string, string>,
    readonly httpStatus?: number,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Handle every outcome in the caller: no toast, no redirect on 401. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Money calls: one key per user action (see lib/idempotency.ts). */
  idempotencyKey?: string;
}

export interface Reply<T> {
  data: T;
  /** Success msg key, when the server sent one (e.g. ok.changed). */
  msg?: string;
}

/** Spec §4: on HTTP 401 the stored token and account are cleared after 1.5 seconds, then login. */
export const UNAUTHORIZED_DELAY_MS = 1500;
let unauthorizedTimer: ReturnType<typeof setTimeout> | null = null;

function onUnauthorized(): void {
  if (unauthorizedTimer) return;
  showMsg('auth.loginAgain');
  unauthorizedTimer = setTimeout(() => {
    unauthorizedTimer = null;
    endSession({ keepSearchList: true });
    navigateTo('/login/login', { replace: true });
  }, UNAUTHORIZED_DELAY_MS);
}

function headers(json = true): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json' };
  if (json) h['content-type'] = 'application/json';
  const token = readItem(STORAGE_KEYS.token);
  const account = readItem(STORAGE_KEYS.account);
  if (token) h[TOKEN_HEADER] = token;
  if (account) h[ACCOUNT_HEADER] = account;
  return h;
}

interface WireReply {
  status?: unknown;
  data?: unknown;
  msg?: unknown;
  params?: unknown;
}

const asParams = (p: unknown): Record<string, string> | undefined =>
  p && typeof p === 'object' ? (p as Record<string, string>) : undefined;

function refuse(err: ApiError, silent: boolean): never {
  if (!silent) showMsg(err.msg, err.params as MsgParams | undefined);
  throw err;
}

/** POST to /api/vue<path> with the session headers; the reply handling every call shares. */
async function send<T>(path: string, body: BodyInit, json: boolean, options: CallOptions): Promise<Reply<T>> {
  const silent = options.silent ?? false;
  const h = headers(json);
  if (options.idempotencyKey) h[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers: h, body, signal: options.signal });
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return refuse(new ApiError('network', 'network.error'), silent);
  }

  if (res.status === 401) {
    if (!silent) onUnauthorized();
    throw new ApiError('unauthorized', 'auth.loginAgain', undefined, 401);
  }
  if (res.status === 503 || res.status === 404) {
    if (!silent) clearToasts();
    throw new ApiError(
      'http',
      res.status === 404 ? 'request.notFound' : 'server.error',
      undefined,
      res.status,
    );
  }

  let reply: WireReply | null = null;
  try {
    reply = (await res.json()) as WireReply;
  } catch {
    reply = null;
  }
  if (res.ok && reply?.status === 1) {
    return { data: reply.data as T, msg: typeof reply.msg === 'string' ? reply.msg : undefined };
  }
  if (reply && typeof reply.msg === 'string' && reply.msg) {
    return refuse(
      new ApiError(res.ok ? 'refusal' : 'http', reply.msg, asParams(reply.params), res.status),
      silent,
    );
  }
  return refuse(new ApiError('http', 'server.error', undefined, res.status), silent);
}

/** POST a call of the contract to /api/vue<path> with a JSON body and the session headers. */
export function call<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  body: BodyIn<E>,
  options: CallOptions = {},
): Promise<Reply<DataOut<E>>> {
  return send<DataOut<E>>(endpoint.path, JSON.stringify(body ?? {}), true, options);
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
  return send<DataOut<E>>(endpoint.path, form, false, options);
}

/** Convenience for queries: the data only. */
export async function fetchData<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  body: BodyIn<E>,
  options?: CallOptions,
): Promise<DataOut<E>> {
  return (await call(endpoint, body, options)).data;
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
