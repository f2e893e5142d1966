import { ManualClock } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompositeMarketData,
  createSimulator,
  JQuantsMarketData,
  PeriodUnavailableError,
  parseMarketProviders,
  retryDelay,
  tradeRefusal,
} from '../src/index.ts';
import { FIXTURE_API_KEY, type FixtureServer, startFixtureServer } from '../src/testing/fixture-server.ts';

// Tuesday 2026-11-24 10:00 in Tokyo: today's bars are not out yet, the latest are Friday's (the 23rd is a holiday)
const T0 = Date.parse('2026-11-24T10:00:00+09:00');

describe('J-Quants adapter against the fixture server', () => {
  let fx: FixtureServer;
  let jq: JQuantsMarketData;
  const waits: number[] = [];
  const clock = new ManualClock(T0);
  beforeAll(async () => {
    fx = await startFixtureServer();
    jq = new JQuantsMarketData({
      apiKey: FIXTURE_API_KEY,
      baseUrl: fx.jquantsUrl,
      clock,
      pollMs: 0,
      rate: { requests: 1000, perMs: 1000 },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await jq.ready();
  });
  afterAll(async () => {
    jq?.close();
    await fx?.close();
  });

  it('lists the issues of the offered segments, with names, boards and the TOPIX500 tick table', () => {
    const symbols = jq.instruments().map((i) => i.symbol);
    expect(symbols).toEqual(['7203', '6758', '2702', '130A', 'TOPIX']); // the ETF's segment is not offered
    const toyota = jq.instrument('7203');
    expect(toyota?.names).toEqual({ jp: 'トヨタ自動車', cn: '丰田汽车', us: 'TOYOTA MOTOR CORPORATION' });
    expect(toyota?.tickTable).toBe('tse_topix500');
    expect(jq.instrument('2702')?.tickTable).toBe('tse_general');
    expect(jq.instrument('130A')?.board).toBe('tse_growth');
    expect(jq.search('ソニー').map((i) => i.symbol)).toEqual(['6758']);
    expect(jq.search('電気機器').map((i) => i.symbol)).toContain('6758');
  });

  it('quotes the latest day with bars as delayed, against the previous close', () => {
    const q = jq.quote('7203');
    expect(q?.mode).toBe('delayed');
    expect(q?.delayMinutes).toBe(20);
    expect(q?.tradingDay).toBe('2026-11-20');
    expect(q?.preClose).toBeGreaterThan(0n);
    expect(q?.change).toBe(q && q.price - q.preClose);
    expect(q?.limitUp).not.toBeNull();
    expect(jq.quote('TOPIX')?.kind).toBe('index');
    expect(q && tradeRefusal(q)).toBe('trade.quoteDelayed');
  });

  it('draws daily to yearly candles, adjusted and not; intraday periods say the plan lacks them', async () => {
    const raw = await jq.candles('6758', '1D', { limit: 500 });
    expect(raw.length).toBe(54);
    const fwd = await jq.candles('6758', '1D', { limit: 500, adjust: 'forward' });
    const back = await jq.candles('6758', '1D', { limit: 500, adjust: 'backward' });
    // before the 1:5 split forward-adjusted prices are a fifth; after it backward-adjusted ones are 5×
    expect(fwd[0].close * 5n).toBe(raw[0].close);
    expect(back.at(-1)?.close).toBe((raw.at(-1)?.close ?? 0n) * 5n);
    const weeks = await jq.candles('7203', '1W', { limit: 5 });
    expect(weeks).toHaveLength(5);
    const months = await jq.candles('7203', '1M');
    expect(months.length).toBe(3);
    expect(await jq.candles('7203', '12M')).toHaveLength(1);
    await expect(jq.candles('7203', '5')).rejects.toBeInstanceOf(PeriodUnavailableError);
  });

  it('caches past bars: asking again spends no request', async () => {
    const before = jq.stats.requests;
    await jq.candles('2702', '1D', { limit: 20 });
    const spent = jq.stats.requests - before;
    expect(spent).toBeGreaterThan(0);
    const again = jq.stats.requests;
    await jq.candles('2702', '1D', { limit: 20 });
    // only today's (uncached) request is sent again
    expect(jq.stats.requests - again).toBeLessThan(spent);
    expect(jq.stats.cacheHits).toBeGreaterThan(0);
  });

  it('gives dividends (decided only) and splits with the prices around the ex-date', async () => {
    const toyota = await jq.corporateActions('7203');
    expect(toyota).toEqual([
      expect.objectContaining({ kind: 'dividend', exDate: '2026-09-29', cash: 450_000n }),
    ]);
    expect(toyota[0].base).toBe((toyota[0].prevClose ?? 0n) - 450_000n);
    const sony = await jq.corporateActions('6758');
    const split = sony.find((a) => a.kind === 'split');
    expect(split).toMatchObject({ exDate: '2026-10-29', ratio: 5 });
    expect(split && (split.base ?? 0n) * 5n).toBe(split?.prevClose);
  });

  it('honours 429 with Retry-After, then succeeds; health counts it', async () => {
    waits.length = 0;
    fx.rateLimitNext(2, 3);
    const bars = await jq.candles('130A', '1D', { limit: 10, end: Date.parse('2026-11-01T00:00:00+09:00') });
    expect(bars.length).toBeGreaterThan(0);
    expect(waits.filter((w) => w === 3000)).toHaveLength(2);
    const h = jq.health()[0];
    expect(h.rateLimited).toBeGreaterThanOrEqual(2);
    expect(h.connected).toBe(true);
  });

  it('refuses a wrong key with the provider error (no silent empty data)', async () => {
    const bad = new JQuantsMarketData({ apiKey: 'wrong', baseUrl: fx.jquantsUrl, clock, pollMs: 0 });
    await expect(bad.ready()).rejects.toThrow(/401/);
    expect(bad.health()[0].connected).toBe(false);
  });

  it('routes each market to its provider in a composite', () => {
    const sim = createSimulator({ clock, seed: 't' });
    const c = new CompositeMarketData({ jpy: jq, usd: sim, cny: sim, krw: sim });
    expect(c.quote('7203')?.mode).toBe('delayed');
    expect(c.quote('AAPL')?.mode).toBe('simulated');
    expect(c.instrument('9432')).toBeUndefined(); // in the simulator's catalogue, but jpy is J-Quants'
    expect(c.instruments('jpy').map((i) => i.symbol)).toContain('130A');
    expect(c.search('Apple').map((i) => i.symbol)).toContain('AAPL');
    expect(c.health().map((h) => [h.provider, h.markets])).toEqual([
      ['jquants', ['jpy']],
      ['simulator', ['usd', 'cny', 'krw']],
    ]);
    sim.close();
  });
});

describe('MARKET_PROVIDER and retry rules', () => {
  it('parses market:provider pairs; the rest stay simulated; refuses what cannot be', () => {
    expect(parseMarketProviders('simulator')).toEqual({
      jpy: 'simulator',
      usd: 'simulator',
      cny: 'simulator',
      krw: 'simulator',
    });
    expect(parseMarketProviders('jpy:jquants,usd:alpaca')).toMatchObject({
      jpy: 'jquants',
      usd: 'alpaca',
      cny: 'simulator',
    });
    expect(() => parseMarketProviders('usd:jquants')).toThrow(/does not serve/);
    expect(() => parseMarketProviders('eur:simulator')).toThrow(/bad market/);
    expect(() => parseMarketProviders('jpy:bloomberg')).toThrow(/unknown provider/);
  });

  it('waits Retry-After (seconds or date), else doubles the backoff', () => {
    expect(retryDelay('7', 0, 1000, 0)).toBe(7000);
    expect(retryDelay(new Date(10_000).toUTCString(), 0, 1000, 4_000)).toBe(6000);
    expect(retryDelay(null, 0, 500, 0)).toBe(500);
    expect(retryDelay(null, 3, 500, 0)).toBe(4000);
  });

  it('a stale quote is never traded on; simulated and live are', () => {
    expect(tradeRefusal({ mode: 'live', stale: true })).toBe('trade.quoteStale');
    expect(tradeRefusal({ mode: 'live', stale: false })).toBeNull();
    expect(tradeRefusal({ mode: 'simulated', stale: false })).toBeNull();
  });
});
