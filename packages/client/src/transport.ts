import { ApiError, readReply } from './envelope.ts';
import type { Reply } from './types.ts';

/** Where an app's client sends its calls, and what the app does around them. */
export interface ClientOptions {
  /** The path prefix of every call (`/api/vue`, `/api/admin`). */
  base: string;
  /** Headers every call carries, read at each call (the session's token). */
  headers?: () => Record<string, string>;
  credentials?: RequestCredentials;
  /** HTTP 401 on a call that needs a session (not run for quiet calls): the app ends its session. */
  onUnauthorized?: () => void;
  /** Any other failure (not run for quiet calls): the app shows it. */
  onFailure?: (error: ApiError) => void;
}

export interface PostOptions {
  signal?: AbortSignal;
  /** Headers of this call only (e.g. the Idempotency-Key). */
  headers?: Record<string, string>;
  /** The caller handles every outcome: neither `onUnauthorized` nor `onFailure` runs. */
  quiet?: boolean;
  /** False for calls made without a session (login): their 401 is a reply like any other. Default true. */
  needsSession?: boolean;
}

export interface ApiClient {
  /** The URL of a call. */
  url(path: string): string;
  /** POST a JSON body (any value) or a multipart form to `base + path` and read the envelope. */
  post<T>(path: string, body: unknown, options?: PostOptions): Promise<Reply<T>>;
}

const isAbort = (e: unknown, signal?: AbortSignal) =>
  signal?.aborted === true || (e instanceof DOMException && e.name === 'AbortError');

/** The POST transport both apps use: one envelope, one way to fail, the app's hooks around it. */
export function createClient(options: ClientOptions): ApiClient {
  const url = (path: string) => `${options.base}${path}`;

  async function post<T>(path: string, body: unknown, call: PostOptions = {}): Promise<Reply<T>> {
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (!form) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers?.(), call.headers);
    const fail = (e: ApiError): never => {
      if (!call.quiet) options.onFailure?.(e);
      throw e;
    };

    let res: Response;
    try {
      res = await fetch(url(path), {
        method: 'POST',
        headers,
        body: form ? (body as FormData) : JSON.stringify(body ?? {}),
        signal: call.signal,
        credentials: options.credentials,
      });
    } catch (e) {
      if (isAbort(e, call.signal)) throw e;
      return fail(new ApiError('network', 'network.error'));
    }

    if (res.status === 401 && (call.needsSession ?? true)) {
      if (!call.quiet) options.onUnauthorized?.();
      throw new ApiError('unauthorized', 'auth.loginAgain', undefined, 401);
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    try {
      return readReply<T>(res.status, json);
    } catch (e) {
      return fail(e as ApiError);
    }
  }

  return { url, post };
}
