import type { Reply } from './types.ts';

/**
 * How a call failed: `refusal` (HTTP 200, `{status: 0, code}`: the server said no), `unauthorized` (401),
 * `forbidden` (403), `http` (any other HTTP failure: 404, 413, 429, 5xx) or `network` (no answer).
 */
export type ApiErrorKind = 'refusal' | 'unauthorized' | 'forbidden' | 'http' | 'network';

/** A call that did not succeed. `code` is a catalogue key (translated where it is shown). */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: string,
    readonly params?: Record<string, string>,
    readonly httpStatus?: number,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The msg key of any error (unknown failures read as the generic server error). */
export const errorKey = (e: unknown): string => (isApiError(e) ? e.code : 'server.error');

/** The envelope as it arrives, before it is trusted. */
interface Envelope {
  status?: unknown;
  data?: unknown;
  /** The catalogue key (`msg` beside it is the family's text, which Kabuto's apps do not read). */
  code?: unknown;
  params?: unknown;
}

const stringParams = (p: unknown): Record<string, string> | undefined => {
  if (!p || typeof p !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) out[k] = String(v);
  return out;
};

const kindOf = (httpStatus: number): ApiErrorKind =>
  httpStatus >= 200 && httpStatus < 300
    ? 'refusal'
    : httpStatus === 401
      ? 'unauthorized'
      : httpStatus === 403
        ? 'forbidden'
        : 'http';

/** The msg key of a failure whose body carries none (only the back office answers 403). */
const fallbackMsg = (httpStatus: number): string =>
  httpStatus === 404 ? 'request.notFound' : httpStatus === 403 ? 'admin.forbidden' : 'server.error';

/**
 * The API envelope, read once for both apps: `{status: 1, data, code?}` is the reply; `{status: 0, code,
 * params?}` is thrown as an {@link ApiError} of the kind its HTTP status gives. A body that is not an
 * envelope reads as {@link fallbackMsg}.
 */
export function readReply<T>(httpStatus: number, body: unknown): Reply<T> {
  const env = body && typeof body === 'object' ? (body as Envelope) : null;
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (ok && env?.status === 1) {
    return { data: env.data as T, code: typeof env.code === 'string' ? env.code : undefined };
  }
  if (env && typeof env.code === 'string' && env.code) {
    throw new ApiError(kindOf(httpStatus), env.code, stringParams(env.params), httpStatus);
  }
  throw new ApiError(
    kindOf(httpStatus) === 'refusal' ? 'http' : kindOf(httpStatus),
    fallbackMsg(httpStatus),
    undefined,
    httpStatus,
  );
}
