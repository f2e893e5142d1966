import { ACCOUNT_HEADER, TOKEN_HEADER } from '@kabuto/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import { batcher } from '../lib/batcher.ts';
import { tokenHash } from '../lib/crypto.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { sessionCache } from '../shared/session-cache.ts';
import { SESSION_TTL_MS, type SessionUser } from '../shared/sessions.ts';

/** Sliding expiry is refreshed at most once a minute per session, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type { SessionUser };

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}

/** The logged-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

/**
 * preHandler for calls that need a login: a missing, unknown, expired or revoked token → 401.
 * Banned and frozen users lose their sessions at once.
 *
 * Live sessions are kept in this process (`shared/session-cache.ts`) until their user changes in any
 * process, so a call usually costs no session query; a session is read from the database again a
 * minute after it was read, and when its sliding expiry is due for its refresh.
 */
export function authenticator({ db, timers: clock, userChanges }: Deps) {
  /** The sessions (with their users) of these token hashes. */
  const sessions = (hashes: string[]) =>
    db
      .selectFrom('session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select([
        's.token_hash',
        's.id as session_id',
        's.expires_at',
        's.revoked_at',
        's.last_seen_at',
        'u.id',
        'u.account',
        'u.state',
        sql<boolean>`u.fund_password_hash is not null`.as('has_fund_password'),
      ])
      .where('s.token_hash', 'in', hashes)
      .execute();
  type SessionRow = Awaited<ReturnType<typeof sessions>>[number];
  /** Sessions by token hash; requests that arrive together share one query (see batcher). */
  const lookup = batcher<string, SessionRow | undefined>(
    async (hashes) => {
      const byHash = new Map((await sessions([...new Set(hashes)])).map((r) => [r.token_hash, r]));
      return hashes.map((h) => ({ ok: true, value: byHash.get(h) }));
    },
    { maxBatch: 200, maxInFlight: 2 },
  );
  /** `readAt`: when this process read the row (it reads it again a minute later at the latest). */
  const cache = sessionCache<SessionRow & { userId: bigint; readAt: number }>(userChanges);

  /** The session of a token hash: from the cache unless its refresh is due, else from the database. */
  async function sessionOf(hash: string, now: number) {
    const hit = cache.get(hash);
    if (
      hit &&
      now - hit.readAt <= TOUCH_INTERVAL_MS &&
      now - hit.last_seen_at.getTime() <= TOUCH_INTERVAL_MS &&
      hit.expires_at.getTime() > now
    )
      return hit;
    const stamp = cache.stamp();
    const row = await lookup(hash);
    if (
      !row ||
      row.revoked_at ||
      row.expires_at.getTime() <= now ||
      row.state === 'banned' ||
      row.state === 'frozen'
    ) {
      cache.delete(hash);
      return row;
    }
    if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      const expires = new Date(now + SESSION_TTL_MS);
      await db
        .updateTable('session')
        .set({ last_seen_at: new Date(now), expires_at: expires })
        .where('id', '=', row.session_id)
        .execute();
      row.last_seen_at = new Date(now);
      row.expires_at = expires;
    }
    cache.set(hash, { ...row, userId: row.id, readAt: now }, stamp);
    return row;
  }

  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = request.headers[TOKEN_HEADER];
    if (typeof token !== 'string' || token.length < 20 || token.length > 128) throw new UnauthorizedError();
    const now = clock.now();
    const row = await sessionOf(tokenHash(token), now);
    if (!row || row.revoked_at || row.expires_at.getTime() <= now) throw new UnauthorizedError();
    if (row.state === 'banned' || row.state === 'frozen') throw new UnauthorizedError();
    const headerAccount = request.headers[ACCOUNT_HEADER];
    if (typeof headerAccount === 'string' && headerAccount !== '' && headerAccount !== row.account) {
      throw new UnauthorizedError();
    }
    request.user = {
      id: row.id,
      account: row.account,
      state: row.state,
      sessionId: row.session_id,
      hasFundPassword: row.has_fund_password,
      tokenHash: row.token_hash,
    };
  };
}

/**
 * The live session of a signed URL (`s` in its query), with the same rules as a token: unknown,
 * expired or revoked sessions and banned or frozen users → null.
 */
export function sessionOfSignedUrl({ db, clock }: Deps) {
  return async (sessionId: bigint): Promise<SessionUser | null> => {
    const row = await db
      .selectFrom('session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select([
        's.token_hash',
        's.expires_at',
        's.revoked_at',
        'u.id',
        'u.account',
        'u.state',
        sql<boolean>`u.fund_password_hash is not null`.as('has_fund_password'),
      ])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    if (!row || row.revoked_at || row.expires_at.getTime() <= clock.now()) return null;
    if (row.state === 'banned' || row.state === 'frozen') return null;
    return {
      id: row.id,
      account: row.account,
      state: row.state,
      sessionId,
      hasFundPassword: row.has_fund_password,
      tokenHash: row.token_hash,
    };
  };
}
