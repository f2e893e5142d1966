import { type WsServerMessage, type WsTick, wsClientMessage } from '@kabuto/contract';
import type { MarketDataProvider } from '@kabuto/market';
import type { WebSocket } from 'ws';
import type { Deps } from '../../deps.ts';
import { tokenHash } from '../../lib/crypto.ts';
import { tickOf } from '../../shared/market-data.ts';
import type { TickBus } from '../../shared/tick-bus.ts';
import { encodeTextFrame, frameJoiner, sendTextFrames, type TextFrame } from './ws-frames.ts';

/**
 * WebSocket /api/vue/ws. A client authenticates (`{op:"auth", token}`), subscribes to symbols
 * (`{op:"sub", symbols}`) and gets a snapshot, then ticks. Heartbeats both ways: the client may send
 * `{op:"ping"}` (answered with a pong); the server pings every `heartbeatMs` (a tenth of the sockets at
 * a time, so the pings do not all leave at once) and drops a socket that did not answer the previous
 * ping. A socket that is not authenticated within `authTimeoutMs` is closed.
 *
 * Slow clients: ticks are coalesced per socket and symbol (the latest price replaces an unsent one), and
 * nothing is written to a socket whose send buffer holds more than `maxBufferedBytes`; its pending
 * ticks wait (still coalesced) until the buffer drains. Memory per socket is bounded by its symbols.
 *
 * Fan-out: a tick's complete WebSocket frame is built once (`encodeTextFrame`) and the same bytes are
 * written to every subscriber's socket (`sendTextFrames`, which falls back to `ws.send` where a direct
 * write is not safe). A socket's several pending ticks leave as one buffer in one write, and the
 * sockets of a flush that are owed the same ticks (every client on the same screen) share that buffer
 * (`frameJoiner`).
 */
export interface StreamOptions {
  heartbeatMs?: number;
  authTimeoutMs?: number;
  maxBufferedBytes?: number;
  maxSymbols?: number;
  /**
   * How often the sockets' sessions are looked at in memory (default 2 s): a socket whose session's
   * expiry (as last read) has passed has its session read again, and is closed with 4401 unless it was
   * extended meanwhile.
   */
  sessionCheckMs?: number;
  /**
   * How often every socket's session is read again from the database (default 60 s), in batches: the
   * net under the user-changes bus, for a change that did not come through it.
   */
  sessionRecheckAllMs?: number;
}

/** Sessions read per query when many sockets are checked at once. */
const SESSION_BATCH = 1000;

const OPEN = 1;
/** The heartbeat pings 1/HEARTBEAT_SLICES of the clients every heartbeatMs/HEARTBEAT_SLICES. */
const HEARTBEAT_SLICES = 10;

interface Client {
  ws: WebSocket;
  userId: bigint | null;
  sessionId: bigint | null;
  /** The session's expiry as last read (ms); sessions slide, so a passed one is read again first. */
  expiresAt: number;
  symbols: Set<string>;
  /** Latest tick per symbol not yet written: its wire frame, built once for every client. */
  pending: Map<string, TextFrame>;
  alive: boolean;
  authTimer: ReturnType<typeof setTimeout> | null;
}

export function quoteStream(
  { db, clock, timers, userChanges }: Deps,
  market: MarketDataProvider,
  bus: TickBus,
  opts: StreamOptions = {},
) {
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const authTimeoutMs = opts.authTimeoutMs ?? 10_000;
  const maxBuffered = opts.maxBufferedBytes ?? 256 * 1024;
  const maxSymbols = opts.maxSymbols ?? 200;
  const sessionCheckMs = opts.sessionCheckMs ?? 2_000;
  const sessionRecheckAllMs = opts.sessionRecheckAllMs ?? 60_000;

  const clients = new Set<Client>();
  const bySymbol = new Map<string, Set<Client>>();
  const dirty = new Set<Client>();
  /** The heartbeat's groups of clients (see below); a client joins one in turn when it connects. */
  const slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<Client>());
  let nextSlice = 0;
  let flushScheduled = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const noStats = () => ({ sent: 0, direct: 0, coalesced: 0, deferred: 0 });
  let stats = noStats();

  const send = (c: Client, msg: WsServerMessage) => {
    if (c.ws.readyState === OPEN) c.ws.send(JSON.stringify(msg));
  };

  function flush(): void {
    flushScheduled = false;
    let deferred = false;
    const join = frameJoiner();
    // one array for every socket's frames: written synchronously, so nothing keeps it
    const frames: TextFrame[] = [];
    for (const c of dirty) {
      if (c.ws.readyState !== OPEN) {
        c.pending.clear();
        dirty.delete(c);
        continue;
      }
      if (c.ws.bufferedAmount > maxBuffered) {
        deferred = true;
        stats.deferred++;
        continue;
      }
      frames.length = 0;
      for (const frame of c.pending.values()) frames.push(frame);
      stats.direct += sendTextFrames(c.ws, frames, join);
      stats.sent += c.pending.size;
      c.pending.clear();
      dirty.delete(c);
    }
    if (deferred && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        scheduleFlush();
      }, 50);
      retryTimer.unref?.();
    }
  }

  function scheduleFlush(): void {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  }

  function deliver(ticks: readonly WsTick[]): void {
    for (const t of ticks) {
      const set = bySymbol.get(t.symbol);
      if (!set || set.size === 0) continue;
      const frame = encodeTextFrame(JSON.stringify(t));
      for (const c of set) {
        const before = c.pending.size;
        c.pending.set(t.symbol, frame);
        // a client with pending ticks is always in `dirty`
        if (before === 0) dirty.add(c);
        else if (c.pending.size === before) stats.coalesced++;
      }
    }
    if (dirty.size > 0) scheduleFlush();
  }
  const unsubscribeBus = bus.onTicks(deliver);

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
  async function recheck(list: readonly Client[]): Promise<void> {
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
  let queued = new Set<Client>();
  function check(list: Iterable<Client>): void {
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
    const affected: Client[] = [];
    for (const c of clients) if (c.userId !== null && users.has(c.userId)) affected.push(c);
    check(affected);
  });
  const sessionCheck = setInterval(() => {
    const now = timers.now();
    const due: Client[] = [];
    for (const c of clients) if (c.sessionId !== null && c.expiresAt <= now) due.push(c);
    check(due);
  }, sessionCheckMs);
  sessionCheck.unref?.();
  const sessionRecheckAll = setInterval(() => check(clients), sessionRecheckAllMs);
  sessionRecheckAll.unref?.();

  function unsubscribe(c: Client, symbols: Iterable<string>): void {
    for (const s of symbols) {
      c.symbols.delete(s);
      c.pending.delete(s);
      const set = bySymbol.get(s);
      set?.delete(c);
      if (set && set.size === 0) bySymbol.delete(s);
    }
  }

  async function onMessage(c: Client, raw: string): Promise<void> {
    c.alive = true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return send(c, { type: 'error', msg: 'validation.invalid' });
    }
    const m = wsClientMessage.safeParse(parsed);
    if (!m.success) return send(c, { type: 'error', msg: 'validation.invalid' });
    const msg = m.data;
    switch (msg.op) {
      case 'ping':
        return send(c, { type: 'pong', time: Math.floor(clock.now() / 1000) });
      case 'auth': {
        const session = await authenticate(msg.token);
        if (session === null) {
          send(c, { type: 'error', msg: 'auth.loginAgain' });
          c.ws.close(4401, 'unauthorized');
          return;
        }
        c.userId = session.id;
        c.sessionId = session.session_id;
        c.expiresAt = session.expires_at.getTime();
        if (c.authTimer) clearTimeout(c.authTimer);
        c.authTimer = null;
        return send(c, { type: 'auth', ok: true });
      }
      case 'sub': {
        if (c.userId === null) return send(c, { type: 'error', msg: 'auth.loginAgain' });
        const fresh: string[] = [];
        for (const s0 of msg.symbols) {
          const s = s0.toUpperCase();
          if (c.symbols.has(s) || !market.instrument(s)) continue;
          if (c.symbols.size >= maxSymbols) break;
          c.symbols.add(s);
          let set = bySymbol.get(s);
          if (!set) {
            set = new Set();
            bySymbol.set(s, set);
          }
          set.add(c);
          fresh.push(s);
        }
        return send(c, { type: 'snapshot', quotes: market.quotes(fresh).map(tickOf) });
      }
      case 'unsub':
        unsubscribe(
          c,
          msg.symbols.map((s) => s.toUpperCase()),
        );
        return;
    }
  }

  function connect(ws: WebSocket): void {
    const c: Client = {
      ws,
      userId: null,
      sessionId: null,
      expiresAt: 0,
      symbols: new Set(),
      pending: new Map(),
      alive: true,
      authTimer: null,
    };
    clients.add(c);
    const slice = slices[nextSlice];
    nextSlice = (nextSlice + 1) % HEARTBEAT_SLICES;
    slice.add(c);
    c.authTimer = setTimeout(() => {
      if (c.userId === null) ws.close(4401, 'authentication timeout');
    }, authTimeoutMs);
    c.authTimer.unref?.();
    ws.on('message', (data, isBinary) => {
      if (isBinary) return send(c, { type: 'error', msg: 'validation.invalid' });
      const text = data.toString();
      if (text.length > 16 * 1024) return send(c, { type: 'error', msg: 'validation.tooLong' });
      onMessage(c, text).catch(() => send(c, { type: 'error', msg: 'server.error' }));
    });
    ws.on('pong', () => {
      c.alive = true;
    });
    const drop = () => {
      if (!clients.delete(c)) return;
      slice.delete(c);
      if (c.authTimer) clearTimeout(c.authTimer);
      unsubscribe(c, [...c.symbols]);
      dirty.delete(c);
    };
    ws.on('close', drop);
    ws.on('error', drop);
  }

  // The heartbeat visits one of HEARTBEAT_SLICES groups of clients every heartbeatMs/HEARTBEAT_SLICES,
  // so each client every heartbeatMs: 10,000 pings (and their pongs) in one turn would hold up the ticks
  // of that moment.
  let heartbeatSlice = 0;
  const heartbeat = setInterval(
    () => {
      const slice = slices[heartbeatSlice];
      heartbeatSlice = (heartbeatSlice + 1) % HEARTBEAT_SLICES;
      for (const c of slice) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        try {
          c.ws.ping();
        } catch {
          c.ws.terminate();
        }
      }
    },
    Math.max(1, Math.floor(heartbeatMs / HEARTBEAT_SLICES)),
  );
  heartbeat.unref?.();

  return {
    connect,
    /** Deliver ticks as if they came from the bus (tests, benchmarks). */
    deliver,
    get clientCount() {
      return clients.size;
    },
    stats: () => ({ ...stats, clients: clients.size, symbols: bySymbol.size }),
    resetStats: () => {
      stats = noStats();
    },
    close(): void {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      clearInterval(sessionRecheckAll);
      unsubscribeChanges();
      if (retryTimer) clearTimeout(retryTimer);
      unsubscribeBus();
      for (const c of clients) c.ws.terminate();
      clients.clear();
      for (const slice of slices) slice.clear();
      bySymbol.clear();
    },
  };
}

export type QuoteStream = ReturnType<typeof quoteStream>;

/**
 * The leader's tick publisher: computes the market's quotes (the provider's own stream) and publishes
 * the changed ones to the bus. `pump()` does one round at once (tests, with a manual clock).
 */
export function tickPublisher(market: MarketDataProvider, bus: TickBus) {
  let stop: (() => void) | null = null;
  const publish = (quotes: Parameters<Parameters<MarketDataProvider['subscribe']>[0]>[0]) =>
    bus.publish(quotes.map(tickOf));
  return {
    start(): void {
      if (!stop) stop = market.subscribe(publish);
    },
    stop(): void {
      stop?.();
      stop = null;
    },
    get running() {
      return stop !== null;
    },
    pump(): number {
      const p = (market as { pump?: () => unknown[] }).pump;
      return p ? p.call(market).length : 0;
    },
  };
}

export type TickPublisher = ReturnType<typeof tickPublisher>;
