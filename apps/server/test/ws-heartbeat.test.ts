import type { AddressInfo } from 'node:net';
import { ManualClock } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { Deps } from '../src/deps.ts';
import { quoteStream } from '../src/modules/quotes/quotes.stream.ts';
import { localTickBus } from '../src/shared/tick-bus.ts';
import { localUserChanges } from '../src/shared/user-changes.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('quote stream heartbeat', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  /** A stream on its own WebSocket server (the heartbeat needs neither the database nor the market). */
  async function setup(heartbeatMs: number) {
    const deps = { clock: new ManualClock(0), userChanges: localUserChanges() } as unknown as Deps;
    const stream = quoteStream(deps, {} as MarketDataProvider, localTickBus(), { heartbeatMs });
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
    wss.on('connection', (ws) => stream.connect(ws));
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
    const sockets: WebSocket[] = [];
    closers.push(() => {
      for (const ws of sockets) ws.terminate();
      stream.close();
      wss.close();
    });
    const connect = async (autoPong = true) => {
      const ws = new WebSocket(url, { autoPong });
      sockets.push(ws);
      await new Promise<void>((r) => ws.once('open', () => r()));
      return ws;
    };
    return { stream, connect };
  }

  it('pings a slice of the clients at a time, and every client once per period', async () => {
    const { connect } = await setup(500);
    const clients = await Promise.all(Array.from({ length: 20 }, () => connect()));
    const firstPing = clients.map(() => 0);
    clients.forEach((ws, i) => {
      ws.on('ping', () => {
        firstPing[i] ||= Date.now();
      });
    });
    for (let i = 0; i < 60 && firstPing.some((t) => t === 0); i++) await sleep(50);
    // every client was pinged within about one period…
    expect(firstPing.every((t) => t > 0)).toBe(true);
    // …but not all in the same moment: ten slices 50 ms apart
    expect(Math.max(...firstPing) - Math.min(...firstPing)).toBeGreaterThanOrEqual(300);
  });

  it('drops a client that does not answer pings and keeps one that does', async () => {
    const { stream, connect } = await setup(200);
    const live = await connect();
    const dead = await connect(false);
    const closed = new Promise<void>((r) => dead.once('close', () => r()));
    await closed;
    for (let i = 0; i < 100 && stream.clientCount > 1; i++) await sleep(10);
    expect(stream.clientCount).toBe(1);
    // the live client has answered pings for several periods
    await sleep(500);
    expect(live.readyState).toBe(WebSocket.OPEN);
    expect(stream.clientCount).toBe(1);
  });
});
