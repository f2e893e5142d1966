import { type WsServerMessage, type WsTick, wsClientMessage } from '@kabuto/contract';
import type { MarketDataProvider } from '@kabuto/market';
import type { WebSocket } from 'ws';
import type { Deps } from '../../deps.ts';
import { tickOf } from '../../shared/market-data.ts';
import type { TickBus } from '../../shared/tick-bus.ts';
import { fanOut, type Subscriber } from './stream-fanout.ts';
import { type SessionHolder, sessionGuard } from './stream-sessions.ts';
import { frameSocket } from './ws-frames.ts';

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

const OPEN = 1;
/** The heartbeat pings 1/HEARTBEAT_SLICES of the clients every heartbeatMs/HEARTBEAT_SLICES. */
const HEARTBEAT_SLICES = 10;

interface Client extends Subscriber, SessionHolder {
  alive: boolean;
  authTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * The stream's protocol: auth, sub, unsub and ping messages, the authentication timeout and the
 * heartbeat. The session guard (`stream-sessions.ts`) keeps the sockets' sessions honest, and the fan-out
 * (`stream-fanout.ts`) writes the ticks.
 */
export function quoteStream(deps: Deps, market: MarketDataProvider, bus: TickBus, opts: StreamOptions = {}) {
  const { clock } = deps;
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const authTimeoutMs = opts.authTimeoutMs ?? 10_000;
  const maxSymbols = opts.maxSymbols ?? 200;

  const clients = new Set<Client>();
  /** The heartbeat's groups of clients (see below); a client joins one in turn when it connects. */
  const slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<Client>());
  let nextSlice = 0;

  const send = (c: Client, msg: WsServerMessage) => {
    if (c.ws.readyState === OPEN) c.ws.send(JSON.stringify(msg));
  };
  const fan = fanOut(opts.maxBufferedBytes ?? 256 * 1024);
  const deliver = (ticks: readonly WsTick[]) => fan.deliver(ticks);
  const unsubscribeBus = bus.onTicks(deliver);
  const sessions = sessionGuard(deps, clients, send, {
    sessionCheckMs: opts.sessionCheckMs ?? 2_000,
    sessionRecheckAllMs: opts.sessionRecheckAllMs ?? 60_000,
  });

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
        const session = await sessions.authenticate(msg.token);
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
        if (fresh.length > 0) fan.regroup(c);
        return send(c, { type: 'snapshot', quotes: market.quotes(fresh).map(tickOf) });
      }
      case 'unsub':
        fan.unsubscribe(
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
      fan.unsubscribe(c, [...c.symbols]);
      fan.forget(c);
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
    stats: () => ({ ...fan.counters(), clients: clients.size, ...fan.sizes() }),
    resetStats: () => fan.resetStats(),
    close(): void {
      clearInterval(heartbeat);
      sessions.close();
      unsubscribeBus();
      for (const c of clients) c.ws.terminate();
      clients.clear();
      for (const slice of slices) slice.clear();
      fan.close();
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
