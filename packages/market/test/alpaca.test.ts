import { ManualClock } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlpacaMarketData, CALL_PENDING, type Quote, tradeRefusal } from '../src/index.ts';
import {
  FIXTURE_API_KEY,
  FIXTURE_SECRET,
  type FixtureServer,
  startFixtureServer,
} from '../src/testing/fixture-server.ts';

// Tuesday 2026-11-24 10:30 in New York: continuous trading
const T0 = Date.parse('2026-11-24T10:30:00-05:00');

/** Resolves once `check` holds (polled; the stream is real sockets on 127.0.0.1). */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Alpaca adapter against the fixture server (REST + stream)', () => {
  let fx: FixtureServer;
  let al: AlpacaMarketData;
  const clock = new ManualClock(T0);
  const seen: Quote[] = [];
  beforeAll(async () => {
    fx = await startFixtureServer();
    al = new AlpacaMarketData({
      keyId: FIXTURE_API_KEY,
      secret: FIXTURE_SECRET,
      dataUrl: fx.alpacaUrl,
      streamUrl: fx.alpacaStreamUrl,
      clock,
      symbols: ['AAPL', 'MSFT'],
      stallMs: 200,
      reconnectMs: 20,
    });
    al.subscribe((qs) => seen.push(...qs));
    await al.ready();
    await until(() => al.health()[0].connected);
  });
  afterAll(async () => {
    al?.close();
    await fx?.close();
  });

  it('starts from the previous close and the latest trade (REST), live', () => {
    const q = al.quote('AAPL');
    expect(q).toMatchObject({ mode: 'live', stale: false, preClose: 2_724_000n, price: 2_731_000n });
    expect(q && tradeRefusal(q)).toBeNull();
    expect(fx.streamStats.subscribes).toBe(1);
  });

  it('a streamed trade moves the quote and reaches subscribers', async () => {
    seen.length = 0;
    fx.streamSend([
      { T: 't', S: 'AAPL', i: 1, x: 'V', p: 274.25, s: 30, t: '2026-11-24T15:30:01Z', c: ['@'], z: 'C' },
    ]);
    await until(() => al.quote('AAPL')?.price === 2_742_500n);
    expect(seen.some((q) => q.symbol === 'AAPL' && q.price === 2_742_500n)).toBe(true);
    expect(al.quote('AAPL')?.volume).toBe(30n);
  });

  it('a dropped connection is re-established, resubscribed and the gap backfilled', async () => {
    fx.dropStream();
    await until(() => fx.streamStats.subscribes >= 2 && al.health()[0].gapsBackfilled === 1);
    const q = al.quote('AAPL');
    expect(q?.high).toBe(2_800_000n); // the gap's minute bar reached 280.00
    expect(q?.volume).toBe(30n + 900n + 700n);
    expect(al.health()[0].connected).toBe(true);
  });

  it('a stalled stream during the session marks the quotes stale, and a message clears it', async () => {
    clock.advance(1000);
    await until(() => al.quote('MSFT')?.stale === true);
    const q = al.quote('MSFT');
    expect(q && tradeRefusal(q)).toBe('trade.quoteStale');
    expect(al.health()[0].stale).toBe(true);
    fx.streamSend([{ T: 'q', S: 'MSFT', bp: 507.4, ap: 507.6, bs: 1, as: 1, t: '2026-11-24T15:30:02Z' }]);
    await until(() => al.quote('MSFT')?.stale === false);
  });

  it('gives daily bars from REST', async () => {
    const bars = await al.candles('AAPL', '1D', { limit: 10 });
    expect(bars.map((b) => b.close)).toEqual([2_702_000n, 2_724_000n]);
  });

  it('prices a call with the first trade after it; pending until then, none once the session is over', () => {
    const open = Date.parse('2026-11-24T09:30:00-05:00');
    expect(al.callPrint('AAPL', open)).toMatchObject({ price: al.quote('AAPL')?.price, volume: 0n });
    // a call after the last streamed trade (as on a day whose first trade has not come yet)
    const later = Date.parse('2026-11-24T11:00:00-05:00');
    clock.set(later + 60_000);
    expect(al.callPrint('AAPL', later)).toBe(CALL_PENDING);
    clock.set(Date.parse('2026-11-24T16:30:00-05:00'));
    expect(al.callPrint('AAPL', later)).toBeNull();
  });
});
