import { IDEMPOTENCY_HEADER } from '@kabuto/contract';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { Deps } from '../deps.ts';
import { refuse } from '../lib/errors.ts';
import { currentUser } from './auth.ts';

/**
 * Money calls (`money: true` in the contract) run at most once per intent:
 *
 * - With an `Idempotency-Key` header, the first request's reply is stored per user, path and key; a replay
 *   gets that reply back (header `idempotent-replay: true`) and has no effect. A replay while the first is
 *   still running is refused with `operation.inProgress`. Server errors (5xx) and rate limits are not
 *   stored, so the same key may be retried after them. Keys are kept for 24 hours.
 * - Without a key, a second call of the same path by the same user within {@link DOUBLE_TAP_MS} is a
 *   double tap: `operation.tooFrequent`.
 *
 * Both are decided by the database (one row per key / per user and path), so they hold across processes.
 */
export const DOUBLE_TAP_MS = 2_000;
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request that never finished (process died) stops blocking its key after this. */
const STALE_PENDING_MS = 5 * 60 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,128}$/;

interface IdempotencyState {
  userId: bigint;
  path: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: IdempotencyState;
  }
}

export interface Idempotency {
  /** preHandler for money endpoints; runs after authentication. */
  preHandler: preHandlerHookHandler;
  /** onSend hook (global): stores the first reply of a keyed request. */
  onSend: onSendAsyncHookHandler<unknown>;
}

/** The route's own path (case and trailing slash as declared), so /User/Withdrawal is the same call. */
const routePath = (request: FastifyRequest) => request.routeOptions.url ?? request.url.split('?')[0];

export function idempotency({ db, clock }: Deps): Idempotency {
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const user = currentUser(request);
    const path = routePath(request);
    const now = clock.now();
    const header = request.headers[IDEMPOTENCY_HEADER];

    if (header === undefined) {
      const claimed = await db
        .insertInto('request_guard')
        .values({ user_id: user.id, path, last_at: new Date(now) })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'path'])
            .doUpdateSet({ last_at: new Date(now) })
            .where('request_guard.last_at', '<=', new Date(now - DOUBLE_TAP_MS)),
        )
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) refuse('operation.tooFrequent');
      return;
    }

    if (typeof header !== 'string' || !KEY_RE.test(header)) refuse('request.badIdempotencyKey');
    const key = header as string;
    // Keys live a day: this user's expired ones go as new ones come (the primary key starts with user_id),
    // in the same statement as the claim. The claimed key itself is left to the upsert below: one
    // statement must not both delete and update a row.
    const claimed = await db
      .with('expired', (qb) =>
        qb
          .deleteFrom('idempotency_key')
          .where('user_id', '=', user.id)
          .where('created_at', '<', new Date(now - KEY_TTL_MS))
          .where((eb) => eb.or([eb('path', '<>', path), eb('key', '<>', key)])),
      )
      .insertInto('idempotency_key')
      .values({ user_id: user.id, path, key, state: 'pending', created_at: new Date(now) })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'path', 'key'])
          .doUpdateSet({ state: 'pending', http_status: null, reply: null, created_at: new Date(now) })
          .where((eb) =>
            eb.or([
              eb('idempotency_key.created_at', '<', new Date(now - KEY_TTL_MS)),
              eb.and([
                eb('idempotency_key.state', '=', 'pending'),
                eb('idempotency_key.created_at', '<', new Date(now - STALE_PENDING_MS)),
              ]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotency = { userId: user.id, path, key };
      return;
    }
    const first = await db
      .selectFrom('idempotency_key')
      .select(['state', 'http_status', 'reply'])
      .where('user_id', '=', user.id)
      .where('path', '=', path)
      .where('key', '=', key)
      .executeTakeFirst();
    if (first?.state !== 'done' || first.reply === null) return refuse('operation.inProgress');
    return reply
      .code(first.http_status ?? 200)
      .header('idempotent-replay', 'true')
      .type('application/json; charset=utf-8')
      .send(first.reply);
  }

  const onSend: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state) return payload;
    request.idempotency = undefined;
    const where = db
      .updateTable('idempotency_key')
      .where('user_id', '=', state.userId)
      .where('path', '=', state.path)
      .where('key', '=', state.key);
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || typeof payload !== 'string') {
      await db
        .deleteFrom('idempotency_key')
        .where('user_id', '=', state.userId)
        .where('path', '=', state.path)
        .where('key', '=', state.key)
        .execute();
      return payload;
    }
    await where.set({ state: 'done', http_status: status, reply: payload }).execute();
    return payload;
  };

  return { preHandler, onSend };
}
