import type { quotesApi } from '@kabuto/contract';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { readItem, STORAGE_KEYS } from './storage.ts';
import { API_BASE } from './transport.ts';

/**
 * The live-quote stream (WebSocket `/api/vue/ws`): one socket for the whole app, opened while some
 * screen watches a symbol. It authenticates when logged in, subscribes the symbols screens ask for
 * (reference-counted), re-subscribes after a reconnect, reconnects with exponential back-off and
 * jitter, and pings so a dead connection is noticed. While it is down, screens poll instead
 * (see `useStreamUp`).
 */
type WsServerMessage = quotesApi.WsServerMessage;
type WsTick = quotesApi.WsTick;

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'down';

const PING_MS = 20_000;
/** No message for this long: the connection is considered dead. */
const SILENCE_MS = 45_000;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

export type Tick = Omit<WsTick, 'type'>;

let socket: WebSocket | null = null;
let status: StreamStatus = 'idle';
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;
let lastMessageAt = 0;

const refCounts = new Map<string, number>();
const latest = new Map<string, Tick>();
const tickListeners = new Set<(symbols: ReadonlySet<string>) => void>();
const statusListeners = new Set<() => void>();

function setStatus(next: StreamStatus): void {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${API_BASE}/ws`;
}

function send(message: unknown): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

const SUB_BATCH = 200;
function sendSymbols(op: 'sub' | 'unsub', symbols: string[]): void {
  for (let i = 0; i < symbols.length; i += SUB_BATCH) send({ op, symbols: symbols.slice(i, i + SUB_BATCH) });
}

function deliver(ticks: Tick[]): void {
  const changed = new Set<string>();
  for (const t of ticks) {
    if (!refCounts.has(t.symbol)) continue;
    const prev = latest.get(t.symbol);
    if (prev && prev.time > t.time) continue;
    latest.set(t.symbol, t);
    changed.add(t.symbol);
  }
  if (changed.size) for (const l of tickListeners) l(changed);
}

function onMessage(event: MessageEvent): void {
  lastMessageAt = Date.now();
  let msg: WsServerMessage;
  try {
    msg = JSON.parse(String(event.data)) as WsServerMessage;
  } catch {
    return;
  }
  if (msg.type === 'tick') {
    const { type: _t, ...tick } = msg;
    deliver([tick]);
  } else if (msg.type === 'snapshot' && Array.isArray(msg.quotes)) {
    deliver(msg.quotes.map(({ type: _t, ...tick }) => tick));
  }
}

function clearTimers(): void {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  if (pingTimer) clearInterval(pingTimer);
  reconnectTimer = null;
  pingTimer = null;
}

function scheduleReconnect(): void {
  if (reconnectTimer || refCounts.size === 0) return;
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  attempt += 1;
  const delay = base / 2 + Math.random() * (base / 2);
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    connect();
  }, delay);
}

function connect(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  setStatus('connecting');
  let ws: WebSocket;
  try {
    ws = new WebSocket(wsUrl());
  } catch {
    setStatus('down');
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    lastMessageAt = Date.now();
    const token = readItem(STORAGE_KEYS.token);
    if (token) send({ op: 'auth', token });
    sendSymbols('sub', [...refCounts.keys()]);
    setStatus('open');
    pingTimer = setInterval(() => {
      if (Date.now() - lastMessageAt > SILENCE_MS) {
        ws.close();
        return;
      }
      send({ op: 'ping' });
    }, PING_MS);
  };
  ws.onmessage = onMessage;
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    clearTimers();
    if (refCounts.size === 0) {
      setStatus('idle');
      return;
    }
    setStatus('down');
    scheduleReconnect();
  };
  ws.onerror = () => {
    // onclose follows and decides what to do
  };
}

function disconnect(): void {
  clearTimers();
  const ws = socket;
  socket = null;
  ws?.close();
  setStatus('idle');
}

/** Watch symbols until the returned function is called. */
export function watchSymbols(symbols: readonly string[]): () => void {
  const added: string[] = [];
  for (const s of symbols) {
    const n = refCounts.get(s) ?? 0;
    refCounts.set(s, n + 1);
    if (n === 0) added.push(s);
  }
  if (socket?.readyState === WebSocket.OPEN) sendSymbols('sub', added);
  else connect();
  return () => {
    const removed: string[] = [];
    for (const s of symbols) {
      const n = refCounts.get(s) ?? 0;
      if (n <= 1) {
        refCounts.delete(s);
        latest.delete(s);
        removed.push(s);
      } else refCounts.set(s, n - 1);
    }
    sendSymbols('unsub', removed);
    if (refCounts.size === 0) setTimeout(() => refCounts.size === 0 && disconnect(), 5_000);
  };
}

/** The latest tick of a symbol, if one arrived since it was watched. */
export const latestTick = (symbol: string): Tick | undefined => latest.get(symbol);

export function onTicks(listener: (symbols: ReadonlySet<string>) => void): () => void {
  tickListeners.add(listener);
  return () => tickListeners.delete(listener);
}

const subscribeStatus = (l: () => void) => {
  statusListeners.add(l);
  return () => statusListeners.delete(l);
};

/** Whether live prices are flowing; screens poll while they are not. */
export function useStreamUp(): boolean {
  return useSyncExternalStore(subscribeStatus, () => status === 'open') as boolean;
}

/**
 * Live ticks for a set of symbols, as a map symbol → tick (only symbols that ticked appear). Updates are
 * batched to one render per animation frame.
 */
export function useLiveTicks(symbols: readonly string[]): ReadonlyMap<string, Tick> {
  const key = [...new Set(symbols)].sort().join(',');
  const list = useMemo(() => (key ? key.split(',') : []), [key]);
  const [ticks, setTicks] = useState<ReadonlyMap<string, Tick>>(new Map());
  useEffect(() => {
    if (list.length === 0) return undefined;
    const mine = new Set(list);
    let frame = 0;
    const collect = () => {
      frame = 0;
      const next = new Map<string, Tick>();
      for (const s of list) {
        const t = latest.get(s);
        if (t) next.set(s, t);
      }
      setTicks(next);
    };
    const off = onTicks((changed) => {
      for (const s of changed) {
        if (mine.has(s)) {
          frame ||= requestAnimationFrame(collect);
          return;
        }
      }
    });
    const unwatch = watchSymbols(list);
    collect();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      off();
      unwatch();
    };
  }, [list]);
  return ticks;
}

/** How often screens poll while the stream is down. */
export const POLL_MS = 5_000;
