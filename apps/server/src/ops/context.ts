import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * What the log lines of a piece of work carry: the request id of the request that started it (also in
 * the jobs and timers it starts, which run in its async context), or the job round it belongs to.
 */
export interface WorkContext {
  reqId?: string;
  job?: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

export const workContext = (): WorkContext | undefined => storage.getStore();

/** Run `fn` (and everything it starts) as part of `ctx`. */
export const runInContext = <T>(ctx: WorkContext, fn: () => T): T => storage.run(ctx, fn);

/** Request ids a client or proxy may give in X-Request-Id; anything else gets a fresh one. */
const CLIENT_ID = /^[\w.:@/+=-]{1,128}$/;

/** Fastify's genReqId: the X-Request-Id header when it is well-formed (a proxy's id), else a UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && CLIENT_ID.test(value) ? value : randomUUID();
}

/**
 * The pino mixin: a line logged inside a request's or a job's context gets its reqId / job, unless the
 * logger already binds them (Fastify's request logger binds reqId).
 */
export function logMixin(
  _merge: object,
  _level: number,
  logger?: { bindings?: () => Record<string, unknown> },
): Record<string, string> {
  const ctx = storage.getStore();
  if (!ctx) return {};
  const out: Record<string, string> = {};
  if (ctx.job) out.job = ctx.job;
  if (ctx.reqId && !(logger?.bindings && 'reqId' in logger.bindings())) out.reqId = ctx.reqId;
  return out;
}
