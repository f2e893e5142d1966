import { type WsServerMessage, type WsTick, wsClientMessage } from '@kabuto/contract';
import type { MarketDataProvider } from '@kabuto/market';
import type { WebSocket } from 'ws';
import type { Deps } from '../../deps.ts';
import { tokenHash } from '../../lib/crypto.ts';
import { tickOf } from '../../shared/market-data.ts';
import type { TickBus } from '../../shared/tick-bus.ts';
import {
  bufferedBytes,
  encodeTextFrame,
  type FrameJoin,
  type FrameSocket,
  frameJoiner,
  frameSocket,
  joinFrames,
  sendTextFrames,
  type TextFrame,
} from './ws-frames.ts';

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
 * written to every subscriber's connection: one `write(2)` on its descriptor (`sendTextFrames`; behind
 * Node's stream when that still holds bytes, through `ws.send` where prebuilt frames are not safe). Per
 * socket the write path reads as few objects as it can: at 10,000 sockets each object read between two
 * system calls is a cache miss, and Node's stream write per socket cost a fifth more than the kernel's
 * own work (docs/performance.md). Sockets subscribed to the same symbols (every client on the same screen) form a
 * group: a round's ticks are collected once per group, not once per socket, and each socket of the group
 * gets the group's frames as one shared buffer in one write. A socket whose buffer is full keeps what it
 * missed in its own `pending` (coalesced per symbol) until it drains.
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
  /** How ticks are written to `ws` (taken on once, at connect). */
  out: FrameSocket;
  userId: bigint | null;
  sessionId: bigint | null;
  /** The session's expiry as last read (ms); sessions slide, so a passed one is read again first. */
  expiresAt: number;
  symbols: Set<string>;
  /** The clients subscribed to exactly these symbols (null: none). */
  group: Group | null;
  /**
   * What this socket alone is owed: the latest tick per symbol it could not be written yet (its buffer
   * was full) or missed while changing group. Usually empty.
   */
  pending: Map<string, TextFrame>;
  alive: boolean;
  authTimer: ReturnType<typeof setTimeout> | null;
}

/** Clients with the same symbols, and the latest tick per symbol of the round not yet written to them. */
interface Group {
  key: string;
  symbols: readonly string[];
  clients: Set<Client>;
  pending: Map<string, TextFrame>;
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
  const groups = new Map<string, Group>();
  const groupsBySymbol = new Map<string, Set<Group>>();
  /** Groups with a round to write, and clients owed something of their own. */
  const dirtyGroups = new Set<Group>();
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

  /** Adds `frames` to what `c` alone is owed, the later frame of a symbol replacing the earlier. */
  function owe(c: Client, frames: Iterable<[string, TextFrame]>): void {
    for (const [symbol, frame] of frames) {
      if (!c.symbols.has(symbol)) continue;
      const before = c.pending.size;
      c.pending.set(symbol, frame);
      if (c.pending.size === before) stats.coalesced++;
    }
    if (c.pending.size > 0) dirty.add(c);
  }

  /** Writes `frames` to `c` now, or keeps them for it when its buffer is full. False: kept. */
  function write(c: Client, frames: TextFrame[], join: FrameJoin): boolean {
    if (bufferedBytes(c.out) > maxBuffered) {
      stats.deferred++;
      return false;
    }
    stats.direct += sendTextFrames(c.out, frames, join);
    stats.sent += frames.length;
    return true;
  }

  function flush(): void {
    flushScheduled = false;
    let deferred = false;
    /** Sockets found full in this flush: not tried again before the retry. */
    const full = new Set<Client>();
    for (const g of dirtyGroups) {
      dirtyGroups.delete(g);
      const round = [...g.pending.values()];
      const entries = [...g.pending];
      g.pending.clear();
      // every socket of the group gets the same bytes: joined once, on the first write that needs them
      let joined: Buffer | null = null;
      const shared: FrameJoin = (f) => {
        joined ??= joinFrames(f);
        return joined;
      };
      for (const c of g.clients) {
        if (c.ws.readyState !== OPEN) continue;
        // `dirty` holds exactly the clients with something of their own pending (usually none)
        if (dirty.size > 0 && dirty.has(c)) {
          // still owed earlier ticks: this round joins them, and they go together below
          owe(c, entries);
        } else if (!write(c, round, shared)) {
          owe(c, entries);
          full.add(c);
        }
      }
    }
    const join = frameJoiner();
    // one array for a socket's own frames: written synchronously, so nothing keeps it
    const frames: TextFrame[] = [];
    for (const c of dirty) {
      if (c.ws.readyState !== OPEN) {
        c.pending.clear();
        dirty.delete(c);
        continue;
      }
      if (full.has(c)) {
        deferred = true;
        continue;
      }
      frames.length = 0;
      for (const frame of c.pending.values()) frames.push(frame);
      if (write(c, frames, join)) {
        c.pending.clear();
        dirty.delete(c);
      } else {
        deferred = true;
      }
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
      const subscribed = groupsBySymbol.get(t.symbol);
      if (!subscribed || subscribed.size === 0) continue;
      const frame = encodeTextFrame(JSON.stringify(t));
      for (const g of subscribed) {
        const before = g.pending.size;
        g.pending.set(t.symbol, frame);
        // a group with pending ticks is always in `dirtyGroups`
        if (before === 0) dirtyGroups.add(g);
        else if (g.pending.size === before) stats.coalesced += g.clients.size;
      }
    }
    if (dirtyGroups.size > 0) scheduleFlush();
  }

  /** Moves `c` to the group of its current symbols, keeping what its old group still owed it. */
  function regroup(c: Client): void {
    const old = c.group;
    const symbols = [...c.symbols].sort();
    const key = symbols.join(',');
    if (old?.key === key) return;
    if (old) {
      old.clients.delete(c);
      if (old.pending.size > 0) owe(c, old.pending);
      if (old.clients.size === 0) {
        groups.delete(old.key);
        dirtyGroups.delete(old);
        for (const s of old.symbols) {
          const set = groupsBySymbol.get(s);
          set?.delete(old);
          if (set?.size === 0) groupsBySymbol.delete(s);
        }
      }
    }
    c.group = null;
    if (symbols.length === 0) return;
    let g = groups.get(key);
    if (!g) {
      g = { key, symbols, clients: new Set(), pending: new Map() };
      groups.set(key, g);
      for (const s of symbols) {
        let set = groupsBySymbol.get(s);
        if (!set) {
          set = new Set();
          groupsBySymbol.set(s, set);
        }
        set.add(g);
      }
    }
    g.clients.add(c);
    c.group = g;
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
    }
    if (c.pending.size === 0) dirty.delete(c);
    regroup(c);
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
          fresh.push(s);
        }
        if (fresh.length > 0) regroup(c);
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
      out: frameSocket(ws),
      userId: null,
      sessionId: null,
      expiresAt: 0,
      symbols: new Set(),
      group: null,
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
    stats: () => ({ ...stats, clients: clients.size, symbols: groupsBySymbol.size, groups: groups.size }),
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
      groups.clear();
      groupsBySymbol.clear();
      dirtyGroups.clear();
      dirty.clear();
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
