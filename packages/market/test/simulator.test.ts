import {
  addDays,
  dayNumber,
  daySchedule,
  exDateForRecord,
  fromDayNumber,
  isOnTick,
  localDate,
  maxUnits,
  minUnits,
  nextOpen,
  sessionState,
  tickSize,
  tradingMinutes,
} from '@kabuto/domain';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type Period, type Quote, REFERENCE_DATE, rankQuotes } from '../src/index.ts';
import { at, SAMPLE, simulator } from './support.ts';

const { sim } = simulator();
const inst = (symbol: string) => sim.instrument(symbol)!;
const FROM = at('2018-09-01T00:00:00Z');
const TO = at('2027-09-01T00:00:00Z');
const symbolArb = fc.constantFrom(...SAMPLE);

describe('determinism', () => {
  test('same seed → same prices, in any order of asking; another seed → other prices', () => {
    const a = simulator('alpha').sim;
    const b = simulator('alpha').sim;
    const c = simulator('beta').sim;
    const times = [
      at('2026-11-24T10:30:00+09:00'),
      at('2024-03-05T14:00:00+09:00'),
      at('2025-06-02T15:45:00Z'),
    ];
    // b is asked in reverse order (restart safety: nothing depends on what was computed before)
    const qa = times.flatMap((t) => ['7203', 'AAPL', '600519', '005930'].map((s) => a.quoteAt(s, t)));
    const qb = [...times]
      .reverse()
      .flatMap((t) => ['005930', '600519', 'AAPL', '7203'].map((s) => b.quoteAt(s, t)))
      .reverse();
    const key = (q: Quote | null) =>
      q && `${q.symbol}|${q.price}|${q.volume}|${q.turnover}|${q.high}|${q.low}`;
    expect(qb.map(key).sort()).toEqual(qa.map(key).sort());
    const qc = times.flatMap((t) => ['7203', 'AAPL', '600519', '005930'].map((s) => c.quoteAt(s, t)));
    expect(qc.map(key)).not.toEqual(qa.map(key));
    const t = at('2026-11-24T10:30:00+09:00');
    expect(a.candlesAt('7203', '5', { limit: 50 }, t)).toEqual(b.candlesAt('7203', '5', { limit: 50 }, t));
  });
});

describe('prices respect the rules', () => {
  test('inside the daily limits and on the tick grid at random instants over years', () => {
    fc.assert(
      fc.property(symbolArb, fc.integer({ min: FROM, max: TO }), (symbol, t) => {
        const q = sim.quoteAt(symbol, t);
        if (!q) return; // not listed yet
        const i = inst(symbol);
        for (const p of [q.price, q.open, q.high, q.low]) {
          expect(isOnTick(i.tickTable, p, q.tradingDay), `${symbol} ${p} on grid`).toBe(true);
          if (q.limitUp !== null && q.limitDown !== null) {
            expect(p <= q.limitUp && p >= q.limitDown, `${symbol} ${p} within limits`).toBe(true);
          }
        }
        expect(q.high >= q.price && q.price >= q.low).toBe(true);
        expect(q.high >= q.open && q.open >= q.low).toBe(true);
        expect(q.volume >= 0n && q.turnover >= 0n).toBe(true);
        expect(q.tick).toBe(tickSize(i.tickTable, q.price, q.tradingDay));
        // China's registration system lifts the limit on a new listing's first 5 trading days (within
        // 10 calendar days of its listing, here)
        const sinceListing =
          i.listed === undefined ? Infinity : (Date.parse(q.tradingDay) - Date.parse(i.listed)) / 86_400_000;
        const newInChina = i.market === 'cny' && sinceListing >= 0 && sinceListing <= 10;
        if (!newInChina) expect(q.limitUp === null).toBe(i.market === 'usd' || i.kind === 'index');
      }),
      { numRuns: 400 },
    );
  });

  test('inside the limits at random instants of random sessions (intraday paths)', () => {
    fc.assert(
      fc.property(
        symbolArb,
        fc.integer({ min: dayNumber('2019-01-01'), max: dayNumber('2027-06-30') }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (symbol, day, frac) => {
          const i = inst(symbol);
          const ranges = tradingMinutes(i.market, fromDayNumber(day));
          fc.pre(ranges.length > 0);
          const t = Math.floor(ranges[0].start + frac * (ranges[ranges.length - 1].end - ranges[0].start));
          const q = sim.quoteAt(symbol, t);
          fc.pre(q !== null);
          expect(q!.tradingDay).toBe(fromDayNumber(day));
          expect(isOnTick(i.tickTable, q!.price, q!.tradingDay)).toBe(true);
          if (q!.limitUp !== null) expect(q!.price <= q!.limitUp && q!.price >= q!.limitDown!).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('prices never change outside continuous trading (lunch, auction, nights, holidays)', () => {
    fc.assert(
      fc.property(
        symbolArb,
        fc.integer({ min: FROM, max: TO }),
        fc.integer({ min: 1_000, max: 3 * 86_400_000 }),
        (symbol, t, delta) => {
          const m = inst(symbol).market;
          const t0 = t - delta;
          const s0 = sessionState(m, t0);
          const s1 = sessionState(m, t);
          fc.pre(s0 !== 'open' && s1 !== 'open' && nextOpen(m, t0) > t);
          // the closing print at the end of an auction is the one allowed move
          fc.pre(!(s0 === 'closing_auction' && s1 !== 'closing_auction'));
          // and an ex-date's start, when the last close is shown adjusted for the action
          const exDates = new Set(sim.corporateActionsAt(symbol, t).map((a) => a.exDate));
          fc.pre(!exDates.has(localDate(m, t)) || localDate(m, t0) === localDate(m, t));
          expect(sim.priceAt(symbol, t)).toBe(sim.priceAt(symbol, t0));
        },
      ),
      { numRuns: 400 },
    );
  });

  test('TSE: frozen over lunch and during the closing auction, then settles to the close', () => {
    const d = '2026-11-24';
    const lunchStart = sim.priceAt('7203', at(`${d}T11:30:00+09:00`));
    expect(sim.priceAt('7203', at(`${d}T12:29:59+09:00`))).toBe(lunchStart);
    expect(sim.priceAt('7203', at(`${d}T11:29:57+09:00`))).toBe(lunchStart);
    const auction = sim.priceAt('7203', at(`${d}T15:25:00+09:00`));
    expect(sim.priceAt('7203', at(`${d}T15:29:59+09:00`))).toBe(auction);
    const close = sim.quoteAt('7203', at(`${d}T15:30:00+09:00`))!;
    const daily = sim.candlesAt('7203', '1D', { limit: 1 }, at(`${d}T18:00:00+09:00`));
    expect(daily[0].close).toBe(close.price);
    expect(close.session).toBe('closed');
    expect(sim.quoteAt('7203', at(`${d}T15:29:59+09:00`))!.session).toBe('closing_auction');
  });

  test('holidays and pre-open show the last session', () => {
    const hol = sim.quoteAt('7203', at('2026-11-23T11:00:00+09:00'))!;
    expect(hol.tradingDay).toBe('2026-11-20');
    expect(hol.session).toBe('closed');
    const pre = sim.quoteAt('7203', at('2026-11-24T08:30:00+09:00'))!;
    expect(pre.tradingDay).toBe('2026-11-20');
    expect(pre.session).toBe('pre');
    expect(pre.price).toBe(hol.price);
    // Thanksgiving: the Wednesday's close; the half day closes at 13:00
    expect(sim.quoteAt('AAPL', at('2026-11-26T12:00:00-05:00'))!.tradingDay).toBe('2026-11-25');
    const half = sim.quoteAt('AAPL', at('2026-11-27T13:00:00-05:00'))!;
    expect(half.session).toBe('closed');
    expect(sim.priceAt('AAPL', at('2026-11-27T15:00:00-05:00'))).toBe(half.price);
    // China: Golden Week and the make-up Saturday after it trade nothing
    expect(sim.quoteAt('600519', at('2026-10-05T10:00:00+08:00'))!.tradingDay).toBe('2026-09-30');
    const friday = sim.quoteAt('600519', at('2026-10-09T16:00:00+08:00'))!;
    const makeUp = sim.quoteAt('600519', at('2026-10-10T10:00:00+08:00'))!;
    expect(makeUp.tradingDay).toBe('2026-10-09');
    expect(makeUp.session).toBe('closed');
    expect(makeUp.price).toBe(friday.price);
    // Korea: the first day of 2026 opens at 10:00
    expect(sim.quoteAt('005930', at('2026-01-02T09:30:00+09:00'))!.tradingDay).toBe('2025-12-30');
    expect(sim.quoteAt('005930', at('2026-01-02T10:00:05+09:00'))!.tradingDay).toBe('2026-01-02');
  });

  test('before listing there is no quote and no history', () => {
    expect(sim.quoteAt('688981', at('2020-07-10T10:00:00+08:00'))).toBeNull();
    const first = sim.candlesAt('688981', '1D', { limit: 5000 }, at('2021-01-05T16:00:00+08:00'))[0];
    expect(first.time).toBe(at('2020-07-16T00:00:00+08:00'));
  });

  test('prices sit near the catalogue’s reference prices on the reference date', () => {
    for (const i of sim.instruments()) {
      const q = sim.quoteAt(i.symbol, at(`${REFERENCE_DATE}T00:00:00Z`))!;
      const r = Number(q.price) / Number(i.refPrice);
      expect(r, i.symbol).toBeGreaterThan(0.85);
      expect(r, i.symbol).toBeLessThan(1.15);
    }
  });

  test('volatility is realistic: stocks 15–90% a year, indices calmer', () => {
    const annualVol = (symbol: string) => {
      const bars = sim.candlesAt(symbol, '1D', { limit: 500 }, at('2026-06-30T23:00:00Z'));
      const r = bars.slice(1).map((b, k) => Math.log(Number(b.close) / Number(bars[k].close)));
      const mean = r.reduce((a, b) => a + b, 0) / r.length;
      return Math.sqrt((r.reduce((a, b) => a + (b - mean) ** 2, 0) / (r.length - 1)) * 245);
    };
    for (const s of ['7203', 'AAPL', '600519', '000660', '4592']) {
      const v = annualVol(s);
      expect(v, s).toBeGreaterThan(0.15);
      expect(v, s).toBeLessThan(0.9);
    }
    expect(annualVol('N225')).toBeLessThan(0.3);
  });

  test('intraday volume is U-shaped', () => {
    let edge = 0;
    let middle = 0;
    for (let d = 0; d < 10; d++) {
      const t = at('2026-11-09T16:00:00+09:00') + d * 86_400_000;
      const bars = sim.candlesAt('7203', '1', {}, t);
      edge += bars.slice(0, 15).reduce((a, b) => a + Number(b.volume), 0) / 15;
      middle += bars.slice(100, 115).reduce((a, b) => a + Number(b.volume), 0) / 15;
    }
    expect(edge).toBeGreaterThan(middle * 1.5);
  });
});

describe('candles', () => {
  const dayArb = fc.integer({ min: dayNumber('2019-01-01'), max: dayNumber('2026-11-20') });

  test('bars are well-formed and 5/15/30-minute and daily bars aggregate the minute bars', () => {
    fc.assert(
      fc.property(symbolArb, dayArb, (symbol, day) => {
        const i = inst(symbol);
        const date = fromDayNumber(day);
        const ranges = tradingMinutes(i.market, date);
        fc.pre(ranges.length > 0);
        const evening = ranges[ranges.length - 1].end + 3_600_000;
        fc.pre(sim.quoteAt(symbol, evening) !== null);
        const minutes = sim.candlesAt(symbol, '1', {}, evening);
        const auction = daySchedule(i.market, date)!.phases.find((p) => p.state === 'closing_auction');
        expect(minutes.length).toBe(
          ranges.reduce((n, r) => n + (r.end - r.start) / 60_000, 0) + (auction ? 1 : 0),
        );
        if (auction) {
          // the auction's print is the bar of its last minute, at the close; its other minutes trade nothing
          const print = minutes[minutes.length - 1];
          expect(print.time).toBe(auction.end - 60_000);
          expect([print.open, print.high, print.low]).toEqual([print.close, print.close, print.close]);
          expect(minutes[minutes.length - 2].time).toBeLessThan(auction.start);
        }
        for (const b of minutes) {
          expect(b.high >= b.open && b.high >= b.close && b.low <= b.open && b.low <= b.close).toBe(true);
          expect(b.volume >= 0n).toBe(true);
        }
        for (const size of [5, 15, 30] as const) {
          const bars = sim.candlesAt(symbol, String(size) as '5', { limit: 100 }, evening);
          const today = bars.filter((b) => b.time >= ranges[0].start);
          const agg = new Map<number, typeof minutes>();
          for (const m of minutes) {
            const key =
              m.time - ((((m.time - ranges[0].start) % (size * 60_000)) + size * 60_000) % (size * 60_000));
            agg.set(key, [...(agg.get(key) ?? []), m]);
          }
          expect(today.length).toBe(agg.size);
          for (const b of today) {
            const ms = agg.get(b.time)!;
            expect(b.open).toBe(ms[0].open);
            expect(b.close).toBe(ms[ms.length - 1].close);
            expect(b.high).toBe(ms.reduce((a, m) => maxUnits(a, m.high), ms[0].high));
            expect(b.low).toBe(ms.reduce((a, m) => minUnits(a, m.low), ms[0].low));
            expect(b.volume).toBe(ms.reduce((a, m) => a + m.volume, 0n));
          }
        }
        const [daily] = sim.candlesAt(symbol, '1D', { limit: 1 }, evening);
        expect(daily.open).toBe(minutes[0].open);
        expect(daily.close).toBe(minutes[minutes.length - 1].close);
        expect(daily.high).toBe(minutes.reduce((a, m) => maxUnits(a, m.high), 0n));
        expect(daily.low).toBe(minutes.reduce((a, m) => minUnits(a, m.low), daily.open));
        expect(daily.volume).toBe(minutes.reduce((a, m) => a + m.volume, 0n));
        expect(daily.turnover).toBe(minutes.reduce((a, m) => a + m.turnover, 0n));
        const q = sim.quoteAt(symbol, evening)!;
        expect([q.open, q.high, q.low, q.price, q.volume, q.turnover]).toEqual([
          daily.open,
          daily.high,
          daily.low,
          daily.close,
          daily.volume,
          daily.turnover,
        ]);
      }),
      { numRuns: 40 },
    );
  });

  test('live candles stop at now and the partial minute agrees with the quote', () => {
    const t = at('2026-11-24T10:30:27+09:00');
    const bars = sim.candlesAt('7203', '1', {}, t);
    const q = sim.quoteAt('7203', t)!;
    expect(bars[bars.length - 1].time).toBe(at('2026-11-24T10:30:00+09:00'));
    expect(bars[0].time).toBe(at('2026-11-24T09:00:00+09:00'));
    expect(bars[bars.length - 1].close).toBe(q.price);
    expect(bars.reduce((a, b) => a + b.volume, 0n)).toBe(q.volume);
    const d = sim.candlesAt('7203', '1D', { limit: 3 }, t);
    expect(d[2].close).toBe(q.price);
    expect(d[2].high).toBe(q.high);
  });

  test('weekly, monthly and yearly bars aggregate daily bars', () => {
    const t = at('2026-11-24T20:00:00+09:00');
    const daily = sim.candlesAt('600519', '1D', { limit: 5000 }, t);
    for (const [period, keyOf] of [
      [
        '1W',
        (ms: number) =>
          Math.floor((dayNumber(new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)) + 3) / 7),
      ],
      ['1M', (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 7)],
      ['12M', (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 4)],
    ] as const) {
      const bars = sim.candlesAt('600519', period, { limit: 5000 }, t);
      const groups = new Map<string | number, typeof daily>();
      for (const b of daily) groups.set(keyOf(b.time), [...(groups.get(keyOf(b.time)) ?? []), b]);
      expect(bars.length, period).toBe(groups.size);
      for (const b of bars) {
        const g = groups.get(keyOf(b.time))!;
        expect(b.time).toBe(g[0].time);
        expect(b.open).toBe(g[0].open);
        expect(b.close).toBe(g[g.length - 1].close);
        expect(b.volume).toBe(g.reduce((a, x) => a + x.volume, 0n));
      }
    }
    expect(sim.candlesAt('600519', '12M', {}, t).length).toBe(9); // 2018–2026
  });

  test('limit and end page backwards', () => {
    const t = at('2026-11-24T20:00:00+09:00');
    const last = sim.candlesAt('7203', '1D', { limit: 10 }, t);
    expect(last).toHaveLength(10);
    const before = sim.candlesAt('7203', '1D', { limit: 10, end: last[0].time }, t);
    expect(before).toHaveLength(10);
    expect(before[9].time).toBeLessThan(last[0].time);
    const all = sim.candlesAt('7203', '1D', { limit: 20 }, t);
    expect([...before, ...last]).toEqual(all);
    expect(() => sim.candlesAt('7203', '2' as Period, {}, t)).toThrow(RangeError);
    const minutes = sim.candlesAt('7203', '1', { limit: 500 }, t);
    expect(minutes).toHaveLength(500);
    expect(new Set(minutes.map((m) => m.time)).size).toBe(500);
  });
});

describe('corporate actions and price adjustment', () => {
  const t = at('2026-11-24T20:00:00+09:00');
  const near = (a: number, b: number) => expect(Math.abs(a / b - 1)).toBeLessThan(0.002);

  test('Toyota’s 5-for-1 split (ex 2021-09-29) is recorded and adjusts the bars by the ratio', async () => {
    const actions = sim.corporateActionsAt('7203', t);
    const split = actions.find((a) => a.kind === 'split')!;
    expect(split).toMatchObject({ exDate: '2021-09-29', ratio: 5 });
    // the September dividend goes ex the same day (record date 09-30): base = (prevClose − cash) / 5
    const cash = Number(split.cash ?? 0n);
    near((Number(split.prevClose) - cash) / Number(split.base), 5);
    const f = Number(split.prevClose) / Number(split.base);
    expect(actions.some((a) => a.kind === 'dividend' && a.cash! > 0n)).toBe(true);

    const opts = { limit: 5000 };
    const none = sim.candlesAt('7203', '1D', { ...opts, adjust: 'none' }, t);
    const fwd = sim.candlesAt('7203', '1D', { ...opts, adjust: 'forward' }, t);
    const bwd = sim.candlesAt('7203', '1D', { ...opts, adjust: 'backward' }, t);
    const ex = none.findIndex((b) => b.time === at('2021-09-29T00:00:00+09:00'));
    expect(ex).toBeGreaterThan(0);
    const ratio = (a: bigint, b: bigint) => Number(a) / Number(b);
    // forward keeps the latest prices; scales the day before the ex-date down by ~5 relative to it
    expect(fwd[fwd.length - 1].close).toBe(none[none.length - 1].close);
    near(ratio(none[ex - 1].close, fwd[ex - 1].close) / ratio(none[ex].close, fwd[ex].close), f);
    // backward keeps the earliest prices; scales the ex-date up by ~5 relative to the day before
    expect(bwd[0].close).toBe(none[0].close);
    near(ratio(bwd[ex].close, none[ex].close) / ratio(bwd[ex - 1].close, none[ex - 1].close), f);
    // unadjusted, the price drops about five-fold across the split; adjusted, it is continuous
    expect(Number(none[ex - 1].close) / Number(none[ex].close)).toBeGreaterThan(3.5);
    expect(Math.abs(Math.log(Number(fwd[ex - 1].close) / Number(fwd[ex].close)))).toBeLessThan(0.2);
    // adjustment changes prices, never volume
    expect(fwd.map((b) => b.volume)).toEqual(none.map((b) => b.volume));
    // minute bars of the day before the ex-date carry the same factor as its daily bar
    const end = at('2021-09-28T16:00:00+09:00');
    const m0 = sim.candlesAt('7203', '1', { adjust: 'none', limit: 30, end }, t);
    const m1 = sim.candlesAt('7203', '1', { adjust: 'forward', limit: 30, end }, t);
    expect(m0[m0.length - 1].close).toBe(none[ex - 1].close);
    expect(m1[m1.length - 1].close).toBe(fwd[ex - 1].close);
    near(ratio(m0[0].open, m1[0].open), ratio(none[ex - 1].close, fwd[ex - 1].close));
  });

  test('dividends lower the base price; quotes compare with the adjusted previous close', () => {
    const actions = sim.corporateActionsAt('600519', t).filter((a) => a.kind === 'dividend');
    expect(actions.length).toBeGreaterThan(3);
    for (const a of actions) if (a.prevClose !== null) expect(a.base).toBe(a.prevClose - a.cash!);
    const ex = actions.filter((a) => a.base !== null).at(-1)!;
    const q = sim.quoteAt('600519', at(`${ex.exDate}T16:00:00+08:00`))!;
    expect(q.preClose).toBe(ex.base);
  });

  test('future corporate actions are not shown until announced, then without prices until ex', () => {
    const early = sim.corporateActionsAt('7203', at('2021-01-04T20:00:00+09:00'));
    expect(early.some((a) => a.kind === 'split')).toBe(false);
    // about a month ahead (20 trading days) the split is announced, with its dates and no prices yet
    const ahead = sim.corporateActionsAt('7203', at('2021-09-10T20:00:00+09:00'));
    expect(ahead.find((a) => a.exDate === '2021-09-29')).toMatchObject({
      kind: 'split',
      ratio: 5,
      recordDate: '2021-09-30',
      currency: 'jpy',
      prevClose: null,
      base: null,
    });
    // on the ex-date, before the session, the base price is known
    const exDay = sim.corporateActionsAt('7203', at('2021-09-29T07:00:00+09:00'));
    expect(exDay.find((a) => a.exDate === '2021-09-29')?.base).not.toBeNull();
  });

  test('Japanese dividends go ex the business day before the month-end record date', () => {
    const t1 = at('2026-11-24T20:00:00+09:00');
    for (const sym of ['7203', '8306', '9984']) {
      const divs = sim.corporateActionsAt(sym, t1).filter((a) => a.cash && a.exDate >= '2024-01-01');
      expect(divs.length).toBeGreaterThan(0);
      for (const d of divs) {
        expect(['03', '09']).toContain(d.exDate.slice(5, 7));
        expect(d.exDate).toBe(
          exDateForRecord('jpy', `${d.exDate.slice(0, 7)}-${d.exDate.slice(5, 7) === '03' ? 31 : 30}`),
        );
        expect(d.paymentDate > d.recordDate).toBe(true);
      }
    }
    // 2026-03-31 is a Tuesday: ex on Monday 03-30
    expect(sim.corporateActionsAt('7203', t1).some((a) => a.exDate === '2026-03-30' && a.cash)).toBe(true);
  });

  test('the catalogue’s real splits: SoftBank Group 1:4 and Itochu 1:5, effective 2026-01-01', () => {
    const t1 = at('2026-11-24T20:00:00+09:00');
    expect(sim.corporateActionsAt('9984', t1).find((a) => a.kind === 'split')).toMatchObject({
      exDate: '2025-12-29',
      ratio: 4,
    });
    // before the ex-date's open the last close is shown adjusted: the base price
    const split = sim.corporateActionsAt('9984', t1).find((a) => a.kind === 'split')!;
    const pre = sim.quoteAt('9984', at('2025-12-29T07:00:00+09:00'))!;
    expect(pre.price).toBe(split.base);
    expect(sim.quoteAt('9984', at('2025-12-26T16:00:00+09:00'))!.price).toBe(split.prevClose);
    expect(sim.corporateActionsAt('8001', t1).find((a) => a.kind === 'split')).toMatchObject({
      exDate: '2025-12-29',
      ratio: 5,
    });
  });
});

describe('stream and rankings', () => {
  test('subscribers receive the quotes that changed', () => {
    const { sim: live, clock } = simulator('stream', '2026-11-24T10:00:00+09:00');
    const got: Quote[][] = [];
    const off = live.subscribe((qs) => got.push([...qs]), ['7203', 'AAPL']);
    live.pump();
    expect(got[0].map((q) => q.symbol).sort()).toEqual(['7203', 'AAPL']);
    clock.advance(60_000);
    live.pump();
    expect(got[1].map((q) => q.symbol)).toEqual(['7203']); // New York is closed
    live.pump();
    expect(got).toHaveLength(2); // nothing changed
    off();
    clock.advance(60_000);
    live.pump();
    expect(got).toHaveLength(2);
    live.close();
  });

  test('active, rise, fall and popular', () => {
    const t = at('2026-11-24T14:00:00+09:00');
    const quotes = sim.instruments('jpy').map((i) => sim.quoteAt(i.symbol, t)!);
    const active = rankQuotes(quotes, 'active', { limit: 5 });
    expect(active).toHaveLength(5);
    expect(active.every((q) => q.kind === 'stock')).toBe(true);
    for (let k = 1; k < active.length; k++) expect(active[k - 1].turnover >= active[k].turnover).toBe(true);
    const rise = rankQuotes(quotes, 'rise');
    const fall = rankQuotes(quotes, 'fall');
    expect(rise[0].changeBp).toBe(
      Math.max(...quotes.filter((q) => q.kind === 'stock').map((q) => q.changeBp)),
    );
    expect(fall[0].changeBp).toBe(
      Math.min(...quotes.filter((q) => q.kind === 'stock').map((q) => q.changeBp)),
    );
    const popular = rankQuotes(quotes, 'popular', { watchCounts: { '4592': 9, '2702': 3 } });
    expect(popular.slice(0, 2).map((q) => q.symbol)).toEqual(['4592', '2702']);
    expect(popular[2].volume >= popular[3].volume).toBe(true);
    expect(
      rankQuotes(quotes, 'active', { includeIndices: true, limit: 100 }).some((q) => q.kind === 'index'),
    ).toBe(true);
  });

  test('quote fields', () => {
    const q = sim.quoteAt('601398', at('2026-11-24T10:30:12+08:00'))!;
    expect(q.session).toBe('open');
    expect(q.change).toBe(q.price - q.preClose);
    expect(q.changeBp).toBe(Math.round((Number(q.change) / Number(q.preClose)) * 10_000));
    expect(q.marketCap).toBe(q.price * inst('601398').sharesOutstanding);
    expect(q.time).toBe(at('2026-11-24T10:30:10+08:00'));
    expect(q.limitUp).not.toBeNull();
    expect(addDays(q.tradingDay, 0)).toBe('2026-11-24');
    const idx = sim.quoteAt('N225', at('2026-11-24T10:30:00+09:00'))!;
    expect(idx.marketCap).toBeNull();
    expect(idx.limitUp).toBeNull();
  });
});
