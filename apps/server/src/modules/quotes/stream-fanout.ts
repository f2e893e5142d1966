import type { WsTick } from '@kabuto/contract';
import type { WebSocket } from 'ws';
import {
  bufferedBytes,
  encodeTextFrame,
  type FrameJoin,
  type FrameSocket,
  frameJoiner,
  joinFrames,
  sendTextFrames,
  type TextFrame,
} from './ws-frames.ts';

const OPEN = 1;

/** A subscriber of the quote stream, as the fan-out sees it. */
export interface Subscriber {
  ws: WebSocket;
  /** How ticks are written to `ws` (taken on once, at connect). */
  out: FrameSocket;
  symbols: Set<string>;
  /** The clients subscribed to exactly these symbols (null: none). */
  group: Group | null;
  /**
   * What this socket alone is owed: the latest tick per symbol it could not be written yet (its buffer
   * was full) or missed while changing group. Usually empty.
   */
  pending: Map<string, TextFrame>;
}

/** Clients with the same symbols, and the latest tick per symbol of the round not yet written to them. */
export interface Group {
  key: string;
  symbols: readonly string[];
  clients: Set<Subscriber>;
  pending: Map<string, TextFrame>;
}

/**
 * The quote stream's fan-out: a tick's frame is built once and the same bytes go to every subscriber;
 * subscribers with the same symbols form a group that gets a round's frames as one shared buffer; a
 * socket whose send buffer holds more than `maxBuffered` bytes keeps what it missed (coalesced per
 * symbol) until it drains.
 */
export function fanOut(maxBuffered: number) {
  const groups = new Map<string, Group>();
  const groupsBySymbol = new Map<string, Set<Group>>();
  /** Groups with a round to write, and clients owed something of their own. */
  const dirtyGroups = new Set<Group>();
  const dirty = new Set<Subscriber>();
  let flushScheduled = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const noStats = () => ({ sent: 0, direct: 0, coalesced: 0, deferred: 0 });
  let stats = noStats();

  /** Adds `frames` to what `c` alone is owed, the later frame of a symbol replacing the earlier. */
  function owe(c: Subscriber, frames: Iterable<[string, TextFrame]>): void {
    for (const [symbol, frame] of frames) {
      if (!c.symbols.has(symbol)) continue;
      const before = c.pending.size;
      c.pending.set(symbol, frame);
      if (c.pending.size === before) stats.coalesced++;
    }
    if (c.pending.size > 0) dirty.add(c);
  }

  /** Writes `frames` to `c` now, or keeps them for it when its buffer is full. False: kept. */
  function write(c: Subscriber, frames: TextFrame[], join: FrameJoin): boolean {
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
    const full = new Set<Subscriber>();
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
  function regroup(c: Subscriber): void {
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
  function unsubscribe(c: Subscriber, symbols: Iterable<string>): void {
    for (const s of symbols) {
      c.symbols.delete(s);
      c.pending.delete(s);
    }
    if (c.pending.size === 0) dirty.delete(c);
    regroup(c);
  }

  return {
    deliver,
    regroup,
    unsubscribe,
    /** A closed socket is owed nothing more. */
    forget(c: Subscriber): void {
      dirty.delete(c);
    },
    counters: () => ({ ...stats }),
    sizes: () => ({ symbols: groupsBySymbol.size, groups: groups.size }),
    resetStats(): void {
      stats = noStats();
    },
    close(): void {
      if (retryTimer) clearTimeout(retryTimer);
      groups.clear();
      groupsBySymbol.clear();
      dirtyGroups.clear();
      dirty.clear();
    },
  };
}

export type FanOut = ReturnType<typeof fanOut>;
