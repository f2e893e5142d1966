import { IDEMPOTENCY_HEADER } from '@kabuto/contract';
import { rowSet } from '@kabuto/db';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import { batcher } from '../lib/batcher.ts';
import { refuse } from '../lib/errors.ts';
import { type IdempotencyState, KEY_COLUMNS, keyRow } from '../shared/idempotency-keys.ts';
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
 *
 * A key's states: `pending` (claimed, the operation has not committed), `applied` (the operation
 * committed; set by the service inside its own transaction with `markApplied`, `shared/idempotency-keys.ts`), `done` (the reply
 * is stored). A pending key whose request died stops blocking after {@link STALE_PENDING_MS} and may run
 * again, since nothing of it was committed; an applied one never runs again, even if the process died
 * before its reply was stored (a replay then gets `operation.inProgress`, and the user finds the
 * operation in their records).
 */
export const DOUBLE_TAP_MS = 2_000;
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request that never finished (process died) stops blocking its key after this. */
const STALE_PENDING_MS = 5 * 60 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,128}$/;

/** One key of one user and path, as a map key. */
const ident = (k: IdempotencyState) => `${k.userId}\u0000${k.path}\u0000${k.key}`;

interface Claim extends IdempotencyState {
  now: number;
}

interface Stored extends IdempotencyState {
  status: number;
  reply: string;
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

export function idempotency({ db, timers: clock }: Deps): Idempotency {
  /**
   * Claim keys: a new key is inserted as pending; a key whose day has passed, or whose first request
   * died pending, is taken over. Keys live a day: the callers' expired ones go as new ones come (the
   * primary key starts with user_id), in the same statement as the claim; the claimed keys themselves
   * are left to the upsert (one statement must not both delete and update a row). Requests that arrive
   * together share one statement; of two claims of one key in a batch the first wins.
   */
  const claim = batcher<Claim, boolean>(
    async (claims) => {
      const first = new Map<string, Claim>();
      for (const c of claims) if (!first.has(ident(c))) first.set(ident(c), c);
      const now = Math.max(...claims.map((c) => c.now));
      const input = rowSet(
        'input',
        { ...KEY_COLUMNS, at: 'timestamptz' },
        [...first.values()].map((c) => ({ ...keyRow(c), at: new Date(c.now) })),
      );
      const { rows: won } = await sql<{ user_id: bigint; path: string; key: string }>`
        with input as (select * from ${input}),
        expired as (
          delete from idempotency_key k
          where k.user_id in (select user_id from input)
            and k.created_at < ${new Date(now - KEY_TTL_MS)}
            and not exists (
              select 1 from input i where i.user_id = k.user_id and i.path = k.path and i.key = k.key)
        )
        insert into idempotency_key (user_id, path, key, state, created_at)
        select user_id, path, key, 'pending', at from input
        on conflict (user_id, path, key) do update
          set state = 'pending', http_status = null, reply = null, created_at = excluded.created_at
          where idempotency_key.created_at < excluded.created_at - ${`${KEY_TTL_MS} milliseconds`}::interval
             or (idempotency_key.state = 'pending'
                 and idempotency_key.created_at < excluded.created_at - ${`${STALE_PENDING_MS} milliseconds`}::interval)
        returning user_id, path, key`.execute(db);
      const winners = new Set(won.map((w) => ident({ userId: w.user_id, path: w.path, key: w.key })));
      return claims.map((c) => ({ ok: true, value: first.get(ident(c)) === c && winners.has(ident(c)) }));
    },
    { maxBatch: 200, maxInFlight: 2 },
  );

  /** Keep the first reply of claimed keys; replies that are ready together share one statement. */
  const store = batcher<Stored, void>(
    async (replies) => {
      const rows = rowSet(
        'v',
        { ...KEY_COLUMNS, status: 'int4', reply: 'text' },
        replies.map((r) => ({ ...keyRow(r), status: r.status, reply: r.reply })),
      );
      await sql`
        update idempotency_key k
        set state = 'done', http_status = v.status, reply = v.reply
        from ${rows}
        where k.user_id = v.user_id and k.path = v.path and k.key = v.key`.execute(db);
      return replies.map(() => ({ ok: true, value: undefined }));
    },
    { maxBatch: 200, maxInFlight: 2 },
  );

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
    const claimed = await claim({ userId: user.id, path, key, now });
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
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || typeof payload !== 'string') {
      // free the key for a retry, unless the operation committed after all
      await db
        .deleteFrom('idempotency_key')
        .where('user_id', '=', state.userId)
        .where('path', '=', state.path)
        .where('key', '=', state.key)
        .where('state', '=', 'pending')
        .execute();
      return payload;
    }
    await store({ ...state, status, reply: payload });
    return payload;
  };

  return { preHandler, onSend };
}
