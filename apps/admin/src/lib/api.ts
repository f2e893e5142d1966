import { ADMIN_API_BASE, type Endpoint } from '@kabuto/contract';
import type { z } from 'zod';
import { expireSession, getToken } from './session.ts';

/** What a caller sends: the input side of the contract's body schema. */
export type BodyIn<E> = E extends Endpoint<infer B, z.ZodType> ? z.input<B> : never;
/** What a caller gets back in `data`. */
export type DataOut<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;

export type ApiErrorKind = 'refusal' | 'unauthorized' | 'forbidden' | 'http' | 'network';

/** A call that did not succeed. `msg` is a catalogue key, translated where it is shown. */
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

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The msg key of any error (unknown failures read as the generic server error). */
export const errorKey = (e: unknown): string => (isApiError(e) ? e.msg : 'server.error');

interface Envelope {
  status?: unknown;
  data?: unknown;
  msg?: unknown;
  params?: unknown;
}

const stringParams = (p: unknown): Record<string, string> | undefined => {
  if (!p || typeof p !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) out[k] = String(v);
  return out;
};

/** The URL of an admin endpoint. */
export const adminUrl = (path: string): string => `${ADMIN_API_BASE}${path}`;

/**
 * POST one back-office call: JSON body, bearer token, `{status, data}` envelope.
 * HTTP 401 ends the session (the app shows the login screen); a refusal throws its msg key.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  body: BodyIn<E>,
  init: { signal?: AbortSignal } = {},
): Promise<DataOut<E>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const token = getToken();
  if (endpoint.auth && token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(adminUrl(endpoint.path), {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError('network', 'network.error');
  }
  let json: Envelope | null = null;
  try {
    json = (await res.json()) as Envelope;
  } catch {
    json = null;
  }
  if (res.status === 401 && endpoint.auth) {
    expireSession();
    throw new ApiError('unauthorized', 'auth.loginAgain', undefined, 401);
  }
  if (json && json.status === 0 && typeof json.msg === 'string') {
    const kind = res.status === 403 ? 'forbidden' : res.status === 401 ? 'unauthorized' : 'refusal';
    throw new ApiError(kind, json.msg, stringParams(json.params), res.status);
  }
  if (res.status === 403) throw new ApiError('forbidden', 'admin.forbidden', undefined, 403);
  if (res.status === 404) throw new ApiError('http', 'request.notFound', undefined, 404);
  if (!res.ok || !json || json.status !== 1)
    throw new ApiError('http', 'server.error', undefined, res.status);
  return json.data as DataOut<E>;
}
