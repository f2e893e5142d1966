import { describe, expect, test } from 'vitest';
import {
  canSell,
  checkOrderPrice,
  checkQuantity,
  cnBoardOf,
  type InstrumentSpec,
  isOnTick,
  legFeesAt,
  legSide,
  listingDayNumber,
  minimumQuantity,
  parseUnits,
  priceLimits,
  settlementDate,
  settlementDays,
  snapToTick,
  stepTicks,
  tickSize,
  tradableRange,
  tradeFees,
  tseLimitWidth,
  withdrawableCash,
} from '../../src/index.ts';

const u = (s: string): bigint => {
  const v = parseUnits(s);
  if (v === null) throw new Error(s);
  return v;
};
const jp: InstrumentSpec = { market: 'jpy', board: 'tse_prime', tickTable: 'tse_general' };
const jpTopix: InstrumentSpec = { market: 'jpy', board: 'tse_prime', tickTable: 'tse_topix500' };
const cnMain: InstrumentSpec = { market: 'cny', board: 'sse_main', tickTable: 'cn' };
const cnStar: InstrumentSpec = { market: 'cny', board: 'sse_star', tickTable: 'cn' };
const cnChiNext: InstrumentSpec = { market: 'cny', board: 'szse_chinext', tickTable: 'cn' };
const kr: InstrumentSpec = { market: 'krw', board: 'kospi', tickTable: 'krx' };
const us: InstrumentSpec = { market: 'usd', board: 'nasdaq', tickTable: 'us' };
const D = '2026-11-24';

describe('TSE price limits (band boundary "less than")', () => {
  test.each([
    ['99', '30'],
    ['100', '50'],
    ['199', '50'],
    ['200', '80'],
    ['999', '150'],
    ['1000', '300'],
    ['2999', '500'],
    ['3000', '700'],
    ['9999', '1500'],
    ['10000', '3000'],
    ['999999', '150000'],
    ['1000000', '300000'],
    ['60000000', '10000000'],
  ])('base %s → width %s', (base, width) => {
    expect(tseLimitWidth(u(base), D)).toBe(u(width));
  });

  test('limits are base ± width, never below 1 yen; 4× widening per side', () => {
    expect(priceLimits(jp, u('2500'), D)).toEqual({ up: u('3000'), down: u('2000') });
    expect(priceLimits(jp, u('20'), D)).toEqual({ up: u('50'), down: u('1') });
    expect(priceLimits(jp, u('2500'), D, { widenUp: true })).toEqual({ up: u('4500'), down: u('2000') });
    expect(priceLimits(jp, u('2500'), D, { widenDown: true })).toEqual({ up: u('3000'), down: u('500') });
  });

  test('TOPIX500 constituents: same widths on the finer grid', () => {
    expect(priceLimits(jpTopix, u('2345.5'), D)).toEqual({ up: u('2845.5'), down: u('1845.5') });
    expect(tradableRange(jpTopix, { up: u('2845.5'), down: u('1845.5') }, D)).toEqual({
      up: u('2845.5'),
      down: u('1845.5'),
    });
  });

  test('tradable range snaps limits inside onto the tick grid', () => {
    const lim = priceLimits(jp, u('2999'), D)!;
    expect(lim).toEqual({ up: u('3499'), down: u('2499') });
    expect(tradableRange(jp, lim, D)).toEqual({ up: u('3495'), down: u('2499') });
  });
});

describe('China price limits', () => {
  test('boards from codes', () => {
    expect(cnBoardOf('600519')).toBe('sse_main');
    expect(cnBoardOf('688981')).toBe('sse_star');
    expect(cnBoardOf('300750')).toBe('szse_chinext');
    expect(cnBoardOf('301269')).toBe('szse_chinext');
    expect(cnBoardOf('000858')).toBe('szse_main');
    expect(cnBoardOf('002594')).toBe('szse_main');
    expect(cnBoardOf('7203')).toBeNull();
  });

  test('±10% main board, rounded half up to 0.01', () => {
    expect(priceLimits(cnMain, u('1500.00'), D)).toEqual({ up: u('1650.00'), down: u('1350.00') });
    // 10.05 × 1.1 = 11.055 → 11.06; × 0.9 = 9.045 → 9.05
    expect(priceLimits(cnMain, u('10.05'), D)).toEqual({ up: u('11.06'), down: u('9.05') });
    // 13.33 × 1.1 = 14.663 → 14.66; × 0.9 = 11.997 → 12.00
    expect(priceLimits(cnMain, u('13.33'), D)).toEqual({ up: u('14.66'), down: u('12.00') });
  });

  test('±20% STAR and ChiNext (since 2020-08-24); ST on the main board ±5% until 2025-07-04, ±10% from 2025-07-07', () => {
    expect(priceLimits(cnStar, u('100.00'), D)).toEqual({ up: u('120.00'), down: u('80.00') });
    expect(priceLimits(cnChiNext, u('100.00'), D)).toEqual({ up: u('120.00'), down: u('80.00') });
    expect(priceLimits(cnChiNext, u('100.00'), '2020-08-21')).toEqual({ up: u('110.00'), down: u('90.00') });
    expect(priceLimits({ ...cnMain, st: true }, u('3.33'), '2025-07-04')).toEqual({
      up: u('3.50'),
      down: u('3.16'),
    });
    // 3.33 × 1.1 = 3.663 → 3.66; × 0.9 = 2.997 → 3.00
    expect(priceLimits({ ...cnMain, st: true }, u('3.33'), D)).toEqual({ up: u('3.66'), down: u('3.00') });
    expect(
      priceLimits({ market: 'cny', board: 'szse_main', tickTable: 'cn', st: true }, u('5.00'), D),
    ).toEqual({
      up: u('5.50'),
      down: u('4.50'),
    });
    expect(priceLimits({ ...cnStar, st: true }, u('10.00'), D)).toEqual({ up: u('12.00'), down: u('8.00') });
  });
});

describe('China new listings', () => {
  const listed = '2026-11-16'; // a Monday
  const fresh: InstrumentSpec = { ...cnMain, listed };
  test('no limit on the first 5 trading days of a main-board listing (since 2023-04-10)', () => {
    for (const day of [1, 2, 3, 4, 5])
      expect(priceLimits(fresh, u('20.00'), D, { listingDay: day })).toBeNull();
    expect(priceLimits(fresh, u('20.00'), D, { listingDay: 6 })).toEqual({
      up: u('22.00'),
      down: u('18.00'),
    });
    // the same on STAR and ChiNext
    expect(priceLimits({ ...cnStar, listed }, u('20.00'), D, { listingDay: 5 })).toBeNull();
    expect(priceLimits({ ...cnChiNext, listed }, u('20.00'), D, { listingDay: 1 })).toBeNull();
    // a main-board listing before the reform kept its limit after the listing day
    expect(priceLimits({ ...cnMain, listed: '2022-03-01' }, u('20.00'), D, { listingDay: 2 })).not.toBeNull();
  });

  test('the listing day number counts the trading days (the sixth is the next Monday)', () => {
    expect(listingDayNumber('cny', listed, '2026-11-16')).toBe(1);
    expect(listingDayNumber('cny', listed, '2026-11-20')).toBe(5);
    expect(listingDayNumber('cny', listed, '2026-11-21')).toBe(5);
    expect(listingDayNumber('cny', listed, '2026-11-23')).toBe(6);
    expect(listingDayNumber('cny', listed, '2026-11-13')).toBe(0);
    // across the 2026 National Day closure
    expect(listingDayNumber('cny', '2026-09-28', '2026-10-08')).toBe(4);
  });
});

describe('Korea price limits', () => {
  test('worked example: base 9,980 → 12,970 / 6,990', () => {
    expect(priceLimits(kr, u('9980'), D)).toEqual({ up: u('12970'), down: u('6990') });
  });

  test('width truncated at the base tick, limit truncated at the resulting tick', () => {
    expect(priceLimits(kr, u('10000'), D)).toEqual({ up: u('13000'), down: u('7000') });
    // 19,990 × 0.3 = 5,997 → 5,990; 25,980 lies in the 50-won band → 25,950
    expect(priceLimits(kr, u('19990'), D)).toEqual({ up: u('25950'), down: u('14000') });
    // ±15% before 2015-06-15
    expect(priceLimits(kr, u('10000'), '2015-06-12')).toEqual({ up: u('11500'), down: u('8500') });
  });

  test('US and indices have no limit', () => {
    expect(priceLimits(us, u('150'), D)).toBeNull();
    expect(priceLimits({ market: 'jpy', board: 'index', tickTable: 'index' }, u('50000'), D)).toBeNull();
  });
});

describe('tick sizes', () => {
  test.each([
    ['tse_general', '3000', '1'],
    ['tse_general', '3005', '5'],
    ['tse_general', '5000', '5'],
    ['tse_general', '5010', '10'],
    ['tse_general', '30000', '10'],
    ['tse_general', '30050', '50'],
    ['tse_general', '50000', '50'],
    ['tse_general', '300000', '100'],
    ['tse_general', '300500', '500'],
    ['tse_general', '3000000', '1000'],
    ['tse_general', '60000000', '100000'],
    ['tse_topix500', '1000', '0.1'],
    ['tse_topix500', '1000.5', '0.5'],
    ['tse_topix500', '3000', '0.5'],
    ['tse_topix500', '3001', '1'],
    ['tse_topix500', '10000', '1'],
    ['tse_topix500', '10005', '5'],
    ['tse_topix500', '30000', '5'],
    ['tse_topix500', '30010', '10'],
    ['tse_topix500', '100050', '50'],
    ['tse_topix500', '300000', '50'],
    ['tse_topix500', '300100', '100'],
    ['tse_topix500', '1000000', '100'],
    ['tse_topix500', '1000500', '500'],
    ['tse_topix500', '3000000', '500'],
    ['tse_topix500', '3001000', '1000'],
    ['tse_topix500', '10000000', '1000'],
    ['tse_topix500', '10005000', '5000'],
    ['tse_topix500', '30000000', '5000'],
    ['tse_topix500', '30010000', '10000'],
    ['tse_topix500', '60000000', '10000'],
    ['cn', '1500.01', '0.01'],
    ['krx', '1999', '1'],
    ['krx', '2000', '5'],
    ['krx', '4995', '5'],
    ['krx', '5000', '10'],
    ['krx', '20000', '50'],
    ['krx', '50000', '100'],
    ['krx', '199900', '100'],
    ['krx', '200000', '500'],
    ['krx', '500000', '1000'],
    ['us', '0.9999', '0.0001'],
    ['us', '1', '0.01'],
  ] as const)('%s at %s → %s', (table, price, tick) => {
    expect(tickSize(table, u(price), D)).toBe(u(tick));
  });

  test('the Korean table before 2023-01-25 and KOSDAQ’s old cap', () => {
    expect(tickSize('krx', u('1500'), '2023-01-20')).toBe(u('5'));
    expect(tickSize('krx', u('1500'), '2023-01-25')).toBe(u('1'));
    expect(tickSize('krx_kosdaq', u('600000'), '2023-01-20')).toBe(u('100'));
    expect(tickSize('krx_kosdaq', u('600000'), '2023-01-25')).toBe(u('1000'));
  });

  test('TOPIX500 constituents per JPX: ¥2,999.5 on the grid, ¥3,000.5 and ¥4,000.5 off it', () => {
    const lim = priceLimits(jpTopix, u('3000'), D);
    expect(checkOrderPrice(jpTopix, u('2999.5'), lim, D)).toBe('ok');
    expect(checkOrderPrice(jpTopix, u('3000.5'), lim, D)).toBe('offTick');
    expect(checkOrderPrice(jpTopix, u('3000'), lim, D)).toBe('ok');
    expect(checkOrderPrice(jpTopix, u('3001'), lim, D)).toBe('ok');
    expect(checkOrderPrice(jpTopix, u('4000.5'), priceLimits(jpTopix, u('4000'), D), D)).toBe('offTick');
    expect(isOnTick('tse_topix500', u('29995'))).toBe(true);
    expect(isOnTick('tse_topix500', u('30005'))).toBe(false);
    expect(isOnTick('tse_topix500', u('299950'))).toBe(true);
    expect(isOnTick('tse_topix500', u('300050'))).toBe(false);
    expect(isOnTick('tse_topix500', u('2999500'))).toBe(true);
    expect(isOnTick('tse_topix500', u('3000500'))).toBe(false);
    expect(isOnTick('tse_topix500', u('29995000'))).toBe(true);
    expect(isOnTick('tse_topix500', u('30005000'))).toBe(false);
  });

  test('grid checks and snapping', () => {
    expect(isOnTick('tse_general', u('3000'))).toBe(true);
    expect(isOnTick('tse_general', u('3001'))).toBe(false);
    expect(isOnTick('tse_topix500', u('2345.5'))).toBe(true);
    expect(isOnTick('tse_topix500', u('2345.3'))).toBe(false);
    expect(isOnTick('us', u('0.5001'))).toBe(true);
    expect(isOnTick('us', u('1.005'))).toBe(false);
    expect(snapToTick('tse_general', u('3003'), 'down')).toBe(u('3000'));
    expect(snapToTick('tse_general', u('3003'), 'up')).toBe(u('3005'));
    expect(snapToTick('tse_general', u('3003'), 'nearest')).toBe(u('3005'));
    expect(snapToTick('tse_general', u('3002'), 'nearest')).toBe(u('3000'));
    expect(snapToTick('krx', u('1999.5'), 'up')).toBe(u('2000'));
    expect(stepTicks('tse_general', u('3000'), 1)).toBe(u('3005'));
    expect(stepTicks('tse_general', u('3005'), -2)).toBe(u('2999'));
    expect(stepTicks('krx', u('1999'), 1)).toBe(u('2000'));
    expect(stepTicks('krx', u('2000'), 1)).toBe(u('2005'));
  });

  test('order price checks', () => {
    const lim = priceLimits(kr, u('9980'), D);
    expect(checkOrderPrice(kr, u('12970'), lim, D)).toBe('ok');
    expect(checkOrderPrice(kr, u('12980'), lim, D)).toBe('beyondLimit');
    expect(checkOrderPrice(kr, u('12975'), lim, D)).toBe('offTick');
    expect(checkOrderPrice(kr, 0n, lim, D)).toBe('nonPositive');
    expect(checkOrderPrice(us, u('1234.56'), null, D)).toBe('ok');
  });
});

describe('lots, settlement and selling', () => {
  test('one-share units; US minimum 100; block and new-share minimum 100', () => {
    expect(minimumQuantity('jpy', D)).toBe(1n);
    expect(minimumQuantity('usd', D)).toBe(100n);
    expect(minimumQuantity('krw', D, 'block')).toBe(100n);
    expect(checkQuantity('usd', 99n, D)).toBe('belowMinimum');
    expect(checkQuantity('usd', 101n, D)).toBe('ok');
    expect(checkQuantity('cny', 1n, D)).toBe('ok');
    expect(checkQuantity('jpy', 0n, D)).toBe('belowMinimum');
  });

  test('settlement cycles with effective dates', () => {
    expect(settlementDays('usd', '2024-05-24')).toBe(2);
    expect(settlementDays('usd', '2024-05-28')).toBe(1);
    expect(settlementDate('usd', '2024-05-24')).toBe('2024-05-29'); // Memorial Day skipped
    expect(settlementDate('usd', '2026-11-25')).toBe('2026-11-27');
    expect(settlementDate('jpy', '2026-11-20')).toBe('2026-11-25');
    expect(settlementDate('cny', '2026-09-30')).toBe('2026-10-08');
    expect(settlementDate('krw', '2026-11-24')).toBe('2026-11-26');
  });

  test('settlement dates of fills: T+2 Japan, T+1 US since 2024-05-28, T+1 China, T+2 Korea, on each market’s calendar', () => {
    expect(settlementDate('jpy', '2026-12-30')).toBe('2027-01-05'); // Dec 31 – Jan 3 closed
    expect(settlementDate('usd', '2026-12-24')).toBe('2026-12-28'); // Christmas
    expect(settlementDate('cny', '2027-02-04')).toBe('2027-02-15'); // the Spring Festival closure
    expect(settlementDate('krw', '2027-02-05')).toBe('2027-02-11'); // Seollal and its substitute day
  });

  test('withdrawable cash: sale proceeds are held until their settlement date', () => {
    const proceeds = [
      { settlesOn: '2026-11-26', amount: u('300') },
      { settlesOn: '2026-11-25', amount: u('200') },
      { settlesOn: '2026-11-26', amount: u('100') },
      { settlesOn: '2026-11-24', amount: u('999') },
    ];
    expect(withdrawableCash(u('1000'), proceeds, '2026-11-24')).toEqual({
      withdrawable: u('400'),
      pending: [
        { settlesOn: '2026-11-25', amount: u('200') },
        { settlesOn: '2026-11-26', amount: u('400') },
      ],
    });
    expect(withdrawableCash(u('1000'), proceeds, '2026-11-25').withdrawable).toBe(u('600'));
    expect(withdrawableCash(u('1000'), proceeds, '2026-11-26')).toEqual({
      withdrawable: u('1000'),
      pending: [],
    });
    // proceeds spent on a new purchase: nothing below zero
    expect(withdrawableCash(u('100'), proceeds, '2026-11-24').withdrawable).toBe(0n);
  });

  test('China T+1: shares bought today cannot be sold today', () => {
    const bought = Date.parse('2026-11-24T10:00:00+08:00');
    expect(canSell('cny', bought, Date.parse('2026-11-24T14:00:00+08:00'))).toBe(false);
    expect(canSell('cny', bought, Date.parse('2026-11-25T09:30:00+08:00'))).toBe(true);
    const boughtJp = Date.parse('2026-11-24T10:00:00+09:00');
    expect(canSell('jpy', boughtJp, Date.parse('2026-11-24T10:01:00+09:00'))).toBe(true);
  });
});

describe('fees', () => {
  test('China: commission with a ¥5 minimum, stamp duty 0.05% on sells since 2023-08-28', () => {
    expect(tradeFees('cny', 'sell', u('10.00'), 100n, D)).toEqual({
      fee: u('5.00'),
      stampDuty: u('0.50'),
      regulatory: 0n,
      total: u('5.50'),
    });
    expect(tradeFees('cny', 'sell', u('10.00'), 100n, '2023-08-25').stampDuty).toBe(u('1.00'));
    expect(tradeFees('cny', 'buy', u('10.00'), 100n, D)).toEqual({
      fee: u('5.00'),
      stampDuty: 0n,
      regulatory: 0n,
      total: u('5.00'),
    });
    // 0.025% of 100,000 = 25.00; stamp 0.05% of 100,000 = 50.00
    expect(tradeFees('cny', 'sell', u('1000.00'), 100n, D).total).toBe(u('75.00'));
    // fees round up to the fen
    expect(tradeFees('cny', 'sell', u('12.34'), 1000n, D).stampDuty).toBe(u('6.17'));
    expect(tradeFees('cny', 'sell', u('12.35'), 1000n, D).stampDuty).toBe(u('6.18'));
  });

  test('Korea: transaction tax 0.20% from 2026, 0.15% in 2025', () => {
    expect(tradeFees('krw', 'sell', u('100000'), 10n, '2026-01-05').stampDuty).toBe(u('2000'));
    expect(tradeFees('krw', 'sell', u('100000'), 10n, '2025-06-02').stampDuty).toBe(u('1500'));
    expect(tradeFees('krw', 'buy', u('100000'), 10n, '2026-01-05').stampDuty).toBe(0n);
    expect(tradeFees('krw', 'sell', u('100000'), 10n, '2026-01-05').fee).toBe(u('150'));
  });

  test('Japan: zero commission, no stamp duty', () => {
    expect(tradeFees('jpy', 'sell', u('2500'), 100n, D).total).toBe(0n);
  });

  test('US: SEC fee by date, FINRA TAF per share sold with a cap', () => {
    const small = tradeFees('usd', 'sell', u('150.00'), 100n, '2026-01-05');
    expect(small).toEqual({ fee: 0n, stampDuty: u('0.02'), regulatory: u('0.02'), total: u('0.02') });
    expect(tradeFees('usd', 'sell', u('1.00'), 1_000_000n, '2026-01-05').regulatory).toBe(u('8.30'));
    // $15,000 × $27.80 / $1M = $0.417 → 0.42, plus TAF 0.0166 → 0.02
    expect(tradeFees('usd', 'sell', u('150.00'), 100n, '2024-06-03').regulatory).toBe(u('0.44'));
    expect(tradeFees('usd', 'buy', u('150.00'), 100n, '2026-01-05').total).toBe(0n);
  });

  test('fees by leg: a short pays the sale’s taxes when it opens, none when it is bought back', () => {
    expect(legSide(1, 'open')).toBe('buy');
    expect(legSide(1, 'close')).toBe('sell');
    expect(legSide(2, 'open')).toBe('sell');
    expect(legSide(2, 'close')).toBe('buy');
    const at = (iso: string) => Date.parse(iso);
    // China: short 1,000 shares at ¥10.00 = ¥10,000; stamp duty 0.05% = ¥5.00 on the sale (the opening),
    // commission 0.025% = ¥2.50 → the ¥5 minimum on each leg; the cover at ¥9.00 pays no stamp duty
    const cnOpen = legFeesAt('cny', 2, 'open', u('10.00'), 1000n, at('2026-11-24T10:00:00+08:00'));
    expect(cnOpen).toEqual({ fee: u('5.00'), stampDuty: u('5.00'), regulatory: 0n, total: u('10.00') });
    const cnClose = legFeesAt('cny', 2, 'close', u('9.00'), 1000n, at('2026-11-25T10:00:00+08:00'));
    expect(cnClose).toEqual({ fee: u('5.00'), stampDuty: 0n, regulatory: 0n, total: u('5.00') });
    // Korea: short 100 shares at ₩50,000 = ₩5,000,000; transaction tax 0.20% (2026) = ₩10,000 on the sale
    const krOpen = legFeesAt('krw', 2, 'open', u('50000'), 100n, at('2026-11-24T10:00:00+09:00'));
    expect(krOpen).toEqual({ fee: u('750'), stampDuty: u('10000'), regulatory: 0n, total: u('10750') });
    expect(legFeesAt('krw', 2, 'close', u('48000'), 100n, at('2026-11-25T10:00:00+09:00')).stampDuty).toBe(
      0n,
    );
    // US: short 100 shares at $150.00 = $15,000; SEC $27.80 per million (FY2025, before 2025-05-14) =
    // $0.417 → $0.42, FINRA TAF 100 × $0.000166 = $0.0166 → $0.02: $0.44 on the short sale, $0 on the cover
    const usOpen = legFeesAt('usd', 2, 'open', u('150.00'), 100n, at('2025-03-03T10:00:00-05:00'));
    expect(usOpen.regulatory).toBe(u('0.44'));
    expect(legFeesAt('usd', 2, 'close', u('140.00'), 100n, at('2025-03-04T10:00:00-05:00')).total).toBe(0n);
    // since 2025-05-14 the SEC rate is $0: the TAF alone
    expect(legFeesAt('usd', 2, 'open', u('150.00'), 100n, at('2026-11-24T10:00:00-05:00')).regulatory).toBe(
      u('0.02'),
    );
    // a long is the mirror: taxes on its close
    expect(legFeesAt('cny', 1, 'open', u('10.00'), 1000n, at('2026-11-24T10:00:00+08:00')).stampDuty).toBe(
      0n,
    );
    expect(legFeesAt('cny', 1, 'close', u('10.00'), 1000n, at('2026-11-25T10:00:00+08:00')).stampDuty).toBe(
      u('5.00'),
    );
  });

  test('admin overrides replace the defaults', () => {
    const f = tradeFees('jpy', 'buy', u('1000'), 100n, D, { buy: { ppm: 1_000n, min: u('100') } });
    expect(f.fee).toBe(u('100'));
    const g = tradeFees('jpy', 'buy', u('10000'), 100n, D, { buy: { ppm: 1_000n, min: u('100') } });
    expect(g.fee).toBe(u('1000'));
  });
});
