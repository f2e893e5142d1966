import type { Endpoint } from '@kabuto/contract';
import { type BodyIn, type CallOptions, call, type DataOut, isApiError, type Reply } from './api.ts';
import type { EndpointRef } from './endpoints.ts';

/**
 * Money-moving calls send an `Idempotency-Key`: the server runs one user action at most once and answers
 * a replay with the first reply. One key stands for one intent: a retry of the same request after the
 * network failed (or the server could not answer) keeps its key, so it cannot move money twice; any
 * answer the server gave — success or refusal — ends the intent, and the next tap is a new action.
 */

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // insecure context: fall through
    }
  }
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server may not have answered: the same request may be retried under the same key. */
const unanswered = (e: unknown) =>
  isApiError(e) && (e.kind === 'network' || (e.kind === 'http' && (e.httpStatus ?? 0) >= 500));

/** A caller of one money endpoint that keeps a key per intent (create one per screen). */
export function moneyCaller<E extends Endpoint>(endpoint: EndpointRef<E>) {
  let open: { body: string; key: string } | null = null;
  return async (body: BodyIn<E>, options: Omit<CallOptions, 'idempotencyKey'> = {}) => {
    const text = JSON.stringify(body ?? {});
    if (open?.body !== text) open = { body: text, key: newIdempotencyKey() };
    try {
      const reply: Reply<DataOut<E>> = await call(endpoint, body, { ...options, idempotencyKey: open.key });
      open = null;
      return reply;
    } catch (e) {
      if (!unanswered(e)) open = null;
      throw e;
    }
  };
}
