import type { WsServerMessage } from '@kabuto/contract';
import type { WebSocket } from 'ws';
import type { Deps } from '../../deps.ts';
import { tokenHash } from '../../lib/crypto.ts';

/** Sessions read per query when many sockets are checked at once. */
const SESSION_BATCH = 1000;

/** A socket's hold on a session, as the guard sees it. */
export interface SessionHolder {
  ws: WebSocket;
  userId: bigint | null;
  sessionId: bigint | null;
  /** The session's expiry as last read (ms); sessions slide, so a passed one is read again first. */
  expiresAt: number;
}

/**
 * The quote stream's session guard: a token's session when a socket authenticates, and the sessions of
 * the sockets read again when they may have ended (a change on the user-changes bus, an expiry passed in
 * memory every `sessionCheckMs`, everything every `sessionRecheckAllMs`). A socket whose session no
 * longer holds is closed with 4401.
 */
export function sessionGuard<C extends SessionHolder>(
  { db, timers, userChanges }: Pick<Deps, 'db' | 'timers' | 'userChanges'>,
  clients: ReadonlySet<C>,
  send: (c: C, msg: WsServerMessage) => void,
  opts: { sessionCheckMs: number; sessionRecheckAllMs: number },
) {
  const { sessionCheckMs, sessionRecheckAllMs } = opts;
  const sessionRows = () =>
    db
      .selectFrom('session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['u.id', 's.id as session_id', 'u.state', 's.expires_at', 's.revoked_at']);
  type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionRows>['execute']>>[number];
  const valid = (row: SessionRow | undefined): row is SessionRow =>
    !!row &&
    !row.revoked_at &&
    row.expires_at.getTime() > timers.now() &&
    row.state !== 'banned' &&
    row.state !== 'frozen';

  async function authenticate(token: string): Promise<SessionRow | null> {
    if (token.length < 20) return null;
    const row = await sessionRows().where('s.token_hash', '=', tokenHash(token)).executeTakeFirst();
    return valid(row) ? row : null;
  }

  /**
   * Reads the sessions of these sockets again: a socket whose session no longer holds (revoked by a
   * logout, a password change or an operator in any process, expired, or its user banned or frozen) is
   * closed with 4401; the others keep the expiry just read.
   */
  async function recheck(list: readonly C[]): Promise<void> {
    const authenticated = list.filter((c) => c.sessionId !== null);
    for (let i = 0; i < authenticated.length; i += SESSION_BATCH) {
      const batch = authenticated.slice(i, i + SESSION_BATCH);
      const ids = [...new Set(batch.map((c) => c.sessionId as bigint))];
      const rows = await sessionRows().where('s.id', 'in', ids).execute();
      const holding = new Map(rows.filter(valid).map((r) => [r.session_id, r.expires_at.getTime()]));
      for (const c of batch) {
        const expiresAt = holding.get(c.sessionId as bigint);
        if (expiresAt !== undefined) {
          c.expiresAt = expiresAt;
          continue;
        }
        if (!clients.has(c)) continue;
        send(c, { type: 'error', msg: 'auth.loginAgain' });
        c.ws.close(4401, 'session ended');
      }
    }
  }

  // One check at a time; a check asked for meanwhile runs after it, for everything asked.
  let checking: Promise<void> | null = null;
  let queued = new Set<C>();
  function check(list: Iterable<C>): void {
    for (const c of list) queued.add(c);
    if (checking || queued.size === 0) return;
    const next = [...queued];
    queued = new Set();
    checking = recheck(next)
      .catch(() => {})
      .finally(() => {
        checking = null;
        check([]);
      });
  }

  // Sessions change through the user-changes bus (every process hears it before the change's reply
  // leaves): the sockets of those users are checked at once. Between changes nothing is read: an expiry
  // is noticed in memory, and every session is read again only every sessionRecheckAllMs.
  const unsubscribeChanges = userChanges.onChanged((ids) => {
    if (ids === 'all') return check(clients);
    const users = new Set(ids);
    const affected: C[] = [];
    for (const c of clients) if (c.userId !== null && users.has(c.userId)) affected.push(c);
    check(affected);
  });
  const sessionCheck = setInterval(() => {
    const now = timers.now();
    const due: C[] = [];
    for (const c of clients) if (c.sessionId !== null && c.expiresAt <= now) due.push(c);
    check(due);
  }, sessionCheckMs);
  sessionCheck.unref?.();
  const sessionRecheckAll = setInterval(() => check(clients), sessionRecheckAllMs);
  sessionRecheckAll.unref?.();

  return {
    authenticate,
    close(): void {
      clearInterval(sessionCheck);
      clearInterval(sessionRecheckAll);
      unsubscribeChanges();
    },
  };
}
