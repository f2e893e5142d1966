import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './support/app.ts';
import { until } from './support/until.ts';
import { authedClient, client } from './support/ws-client.ts';

describe('quote stream /api/vue/ws (pglite)', () => {
  let t: TestApp;
  let s: Session;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    s = await t.newUser('ws');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/vue/ws`;
  });
  afterAll(async () => t?.close());

  it('authenticates, subscribes with a snapshot, then pushes ticks as the clock moves', async () => {
    const c = client(url);
    await c.opened;
    c.send({ op: 'sub', symbols: ['7203'] });
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ msg: 'auth.loginAgain' });
    c.send({ op: 'ping' });
    expect((await c.next((m) => m.type === 'pong')).time).toBeGreaterThan(0);
    c.send({ op: 'auth', token: s.token });
    await c.next((m) => m.type === 'auth');
    c.send({ op: 'sub', symbols: ['7203', '6758', 'NOSUCH'] });
    const snap = await c.next((m) => m.type === 'snapshot');
    expect(snap.quotes.map((q: { symbol: string }) => q.symbol).sort()).toEqual(['6758', '7203']);
    // market data is JSON numbers on the stream too, exact to the tick (at most 4 decimals)
    expect(typeof snap.quotes[0].price).toBe('number');
    expect(snap.quotes[0].price).toBeGreaterThan(0);
    expect(snap.quotes[0].price.toFixed(4)).toMatch(/^\d+\.\d{4}$/);
    expect(Number(snap.quotes[0].price.toFixed(4))).toBe(snap.quotes[0].price);

    const { publisher } = t.app.kabuto;
    publisher.start();
    publisher.pump();
    // five simulated minutes later the prices have moved
    t.clock.advance(5 * 60_000);
    expect(publisher.pump()).toBeGreaterThan(0);
    const tick = await c.next((m) => m.type === 'tick' && m.symbol === '7203');
    expect(tick.time).toBeGreaterThanOrEqual(snap.quotes[0].time);
    // unsubscribed symbols stop
    c.send({ op: 'unsub', symbols: ['7203', '6758'] });
    c.send({ op: 'ping' });
    await c.next((m) => m.type === 'pong');
    c.drain();
    t.clock.advance(5 * 60_000);
    publisher.pump();
    await new Promise((r) => setTimeout(r, 100));
    await expect(c.next((m) => m.type === 'tick', 200)).rejects.toThrow();
    c.ws.close();
  });

  it('refuses a bad token and bad messages', async () => {
    const c = client(url);
    await c.opened;
    c.send({ op: 'nope' });
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ msg: 'validation.invalid' });
    c.ws.send('not json');
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ msg: 'validation.invalid' });
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    c.send({ op: 'auth', token: 'x'.repeat(40) });
    expect(await closed).toBe(4401);
  });

  it('coalesces ticks for a client that does not read: the latest price per symbol, no queue', async () => {
    const { stream } = t.app.kabuto;
    const c = await authedClient(url, s.token);
    c.send({ op: 'sub', symbols: ['9984'] });
    await c.next((m) => m.type === 'snapshot');
    stream.resetStats();
    const tick = (price: number) => ({
      type: 'tick' as const,
      symbol: '9984',
      price,
      gain: 0,
      gainValue: 0,
      high: price,
      low: price,
      volume: 1,
      time: 1,
    });
    // a burst in one turn of the event loop: only the last one is sent
    for (let i = 1; i <= 100; i++) stream.deliver([tick(i)]);
    const got = await c.next((m) => m.type === 'tick');
    expect(got.price).toBe(100);
    expect(stream.stats().coalesced).toBe(99);
    expect(stream.stats().sent).toBe(1);
    c.ws.close();
  });

  it('writes one round of several symbols to each subscriber, each tick as its own message, prebuilt', async () => {
    const { stream } = t.app.kabuto;
    // prebuilt frames are only valid uncompressed: the app's WebSocket server must not offer deflate
    expect(t.app.websocketServer.options.perMessageDeflate).toBe(false);
    // two clients on the same symbols (they share one joined buffer) and one on a symbol of its own
    const plans = [['7203', '6758', '9984'], ['7203', '6758', '9984'], ['6758']];
    const clients = [];
    for (const symbols of plans) {
      const c = await authedClient(url, s.token);
      c.send({ op: 'sub', symbols });
      await c.next((m) => m.type === 'snapshot');
      c.drain();
      clients.push(c);
    }
    stream.resetStats();
    const tick = (symbol: string, price: number) => ({
      type: 'tick' as const,
      symbol,
      price,
      gain: 1.25,
      gainValue: 12.5,
      high: price,
      low: 1,
      volume: 42,
      time: 1_795_000_000,
    });
    const round = [tick('7203', 3000), tick('8306', 1), tick('6758', 4000), tick('9984', 5000)];
    stream.deliver(round);
    const expected = [[round[0], round[2], round[3]], [round[0], round[2], round[3]], [round[2]]];
    for (const [i, c] of clients.entries()) {
      const got = [];
      for (let k = 0; k < expected[i].length; k++) got.push(await c.next((m) => m.type === 'tick'));
      expect(got).toEqual(expected[i]);
      await expect(c.next((m) => m.type === 'tick', 200)).rejects.toThrow();
    }
    expect(stream.stats()).toMatchObject({ sent: 7, direct: 7, coalesced: 0 });
    for (const c of clients) c.ws.close();
  });

  it('a socket whose buffer is full gets the latest tick per symbol when it drains; its group goes on meanwhile', async () => {
    const { stream } = t.app.kabuto;
    /** A socket the test controls: what it is sent, and how full its buffer looks. */
    const fake = () => {
      const ws = Object.assign(new EventEmitter(), {
        readyState: 1,
        bufferedAmount: 0,
        got: [] as { type: string; symbol?: string; price?: number }[],
        send(data: string | Buffer) {
          ws.got.push(JSON.parse(data.toString()));
        },
        close() {},
        terminate() {},
        ping() {},
      });
      return ws;
    };
    const say = (ws: EventEmitter, msg: object) =>
      ws.emit('message', Buffer.from(JSON.stringify(msg)), false);
    // within 1 s each
    const soon = (check: () => boolean) => until(check, 1000);
    const [slow, quick] = [fake(), fake()];
    for (const ws of [slow, quick]) {
      stream.connect(ws as never);
      say(ws, { op: 'auth', token: s.token });
      await soon(() => ws.got.some((m) => m.type === 'auth'));
      say(ws, { op: 'sub', symbols: ['7203', '6758'] });
      await soon(() => ws.got.some((m) => m.type === 'snapshot'));
      ws.got.length = 0;
    }
    const tick = (symbol: string, price: number) => ({
      type: 'tick' as const,
      symbol,
      price,
      gain: 0,
      gainValue: 0,
      high: price,
      low: price,
      volume: 1,
      time: 1,
    });
    slow.bufferedAmount = 10 * 1024 * 1024;
    for (let round = 1; round <= 5; round++) {
      stream.deliver([tick('7203', round), tick('6758', 100 + round)]);
      await new Promise((r) => setImmediate(r));
    }
    // the other socket on the same screen got every round; the full one nothing yet
    expect(quick.got.map((m) => m.price)).toEqual([1, 101, 2, 102, 3, 103, 4, 104, 5, 105]);
    expect(slow.got).toEqual([]);
    // it drains: the retry writes the latest price of each symbol, once
    slow.bufferedAmount = 0;
    await soon(() => slow.got.length === 2);
    expect(slow.got.map((m) => [m.symbol, m.price])).toEqual([
      ['7203', 5],
      ['6758', 105],
    ]);
    // changing its symbols between a round and its flush loses nothing it still follows
    stream.deliver([tick('7203', 6), tick('6758', 106)]);
    say(slow, { op: 'unsub', symbols: ['6758'] });
    await soon(() => slow.got.length === 3);
    expect(slow.got[2]).toMatchObject({ symbol: '7203', price: 6 });
    await soon(() => quick.got.length === 12);
    for (const ws of [slow, quick]) ws.emit('close');
  });
});
