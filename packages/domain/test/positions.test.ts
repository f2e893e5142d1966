import { describe, expect, test } from 'vitest';
import {
  canMovePosition,
  ceilDiv,
  closeSettlement,
  feeOverrideOf,
  grossPnl,
  IllegalTransitionError,
  maintenanceBreached,
  movePosition,
  netPnl,
  OPEN_POSITION_STATUSES,
  POSITION_STATUS,
  type PositionStatus,
  parsePercentPpm,
  percentToPpm,
  positionEquity,
  positionMargin,
  priceMove,
  returnOnMargin,
  tradeFees,
  tradeFeesAt,
  UNIT,
  units,
} from '../src/index.ts';

const { holding, closed, closing, pending, cancelled } = POSITION_STATUS;
const ALL: PositionStatus[] = [holding, closed, closing, pending, cancelled];

describe('position status machine', () => {
  test('the legal moves, and nothing else', () => {
    const legal = new Set([
      `${pending}>${holding}`,
      `${pending}>${cancelled}`,
      `${holding}>${closing}`,
      `${holding}>${closed}`,
      `${closing}>${closed}`,
    ]);
    for (const from of ALL) {
      for (const to of ALL) {
        const ok = legal.has(`${from}>${to}`);
        expect(canMovePosition(from, to), `${from}>${to}`).toBe(ok);
        if (ok) expect(movePosition(from, to)).toBe(to);
        else expect(() => movePosition(from, to)).toThrow(IllegalTransitionError);
      }
    }
  });

  test('closed and cancelled are final; an unknown status moves nowhere', () => {
    for (const to of ALL) {
      expect(canMovePosition(closed, to)).toBe(false);
      expect(canMovePosition(cancelled, to)).toBe(false);
      expect(canMovePosition(7, to)).toBe(false);
    }
    expect(() => movePosition(closed, holding)).toThrow('position: no transition from status 1 to 0');
  });

  test('the statuses that hold stock', () => {
    expect([...OPEN_POSITION_STATUSES].sort()).toEqual([holding, closing]);
  });
});

describe('margin', () => {
  test('ceilDiv rounds up, exact quotients stay', () => {
    expect(ceilDiv(10n, 5n)).toBe(2n);
    expect(ceilDiv(11n, 5n)).toBe(3n);
    expect(ceilDiv(0n, 3n)).toBe(0n);
  });

  test('notional / leverage, rounded up to the minor unit of the market', () => {
    // ¥1,234.5 × 100 at 3× = ¥41,150 exactly
    expect(positionMargin('jpy', 12_345_000n, 100n, 3)).toBe(units(41_150));
    // ¥1,001 × 1 at 3× = ¥333.67 → ¥334 (yen has no sen)
    expect(positionMargin('jpy', units(1001), 1n, 3)).toBe(units(334));
    // $10.01 × 1 at 3× = $3.3367 → $3.34 (cents)
    expect(positionMargin('usd', 100_100n, 1n, 3)).toBe(33_400n);
    expect(positionMargin('krw', units(70_000), 10n, 1)).toBe(units(700_000));
  });

  test('leverage below 1 or fractional is refused', () => {
    expect(() => positionMargin('jpy', UNIT, 1n, 0)).toThrow(RangeError);
    expect(() => positionMargin('jpy', UNIT, 1n, 1.5)).toThrow(RangeError);
  });
});

describe('P&L, equity and maintenance', () => {
  const long = {
    openPrice: units(1000),
    quantity: 100n,
    direction: 1,
    margin: units(20_000),
    buyFee: units(50),
    stampDuty: units(10),
  };
  const short = { ...long, direction: 2 };

  test('gross P&L follows the direction; a pending order has none', () => {
    expect(grossPnl(long, units(1010))).toBe(units(1000));
    expect(grossPnl(short, units(1010))).toBe(units(-1000));
    expect(grossPnl(long, units(990))).toBe(units(-1000));
    expect(grossPnl({ ...long, openPrice: null }, units(2000))).toBe(0n);
  });

  test('net P&L takes off the buy fee and the stamp duty paid opening', () => {
    expect(netPnl(long, units(1010))).toBe(units(940));
    expect(netPnl(short, units(1000))).toBe(units(-60));
  });

  test('return on margin: percent at scale 4, truncated toward zero, 0 without margin', () => {
    expect(returnOnMargin(units(940), units(20_000))).toBe(47_000n); // 4.7000%
    expect(returnOnMargin(-1n, units(3))).toBe(-33n); // −0.00333…% → −0.0033
    expect(returnOnMargin(units(1), 0n)).toBe(0n);
    // the price move since entry, in the position's direction, not leveraged
    const long = { openPrice: units(2000), quantity: 100n, direction: 1 };
    expect(priceMove(long, units(2050))).toBe(25_000n); // 2.5000%
    expect(priceMove({ ...long, direction: 2 }, units(2050))).toBe(-25_000n);
    expect(priceMove(long, units(2000) + 1n)).toBe(0n); // 0.00005% → 0.0000 (truncated)
    expect(priceMove({ ...long, openPrice: null }, units(2050))).toBe(0n);
    expect(priceMove(long, null)).toBe(0n);
  });

  test('equity and the maintenance ratio (equity at the threshold breaches)', () => {
    // equity = 20,000 + (840 − 1000) × 100 = 4,000 = 20% of the margin
    expect(positionEquity(long, units(840))).toBe(units(4000));
    expect(maintenanceBreached(long, units(840), 200_000n)).toBe(true);
    expect(maintenanceBreached(long, 8_400_001n, 200_000n)).toBe(false);
    expect(maintenanceBreached(short, units(1160), 200_000n)).toBe(true);
    expect(maintenanceBreached(short, units(1159), 200_000n)).toBe(false);
  });
});

describe('close settlement', () => {
  const base = {
    available: units(1000),
    margin: units(20_000),
    sellFee: units(30),
    sellStampDuty: units(20),
    buyFee: units(50),
    buyStampDuty: units(10),
  };

  test('a gain is paid in, every fee charged in full', () => {
    expect(closeSettlement({ ...base, gross: units(500) })).toEqual({
      gain: units(500),
      loss: 0n,
      sellFee: units(30),
      stampDuty: units(20),
      pnl: units(500 - 50 - 10 - 30 - 20),
    });
  });

  test('a loss the cash can pay is charged in full', () => {
    const s = closeSettlement({ ...base, gross: units(-20_900) });
    expect(s).toEqual({
      gain: 0n,
      loss: units(20_900),
      sellFee: units(30),
      stampDuty: units(20),
      pnl: units(-20_900 - 50 - 10 - 30 - 20),
    });
  });

  test('beyond the cash: the loss first, then the sell fee, then the stamp duty are clamped', () => {
    // room = 1,000 + 20,000 = 21,000
    expect(closeSettlement({ ...base, gross: units(-20_960) })).toMatchObject({
      loss: units(20_960),
      sellFee: units(30),
      stampDuty: units(10),
    });
    expect(closeSettlement({ ...base, gross: units(-20_990) })).toMatchObject({
      loss: units(20_990),
      sellFee: units(10),
      stampDuty: 0n,
    });
    const wiped = closeSettlement({ ...base, gross: units(-50_000) });
    expect(wiped).toMatchObject({ gain: 0n, loss: units(21_000), sellFee: 0n, stampDuty: 0n });
    expect(wiped.pnl).toBe(units(-21_000 - 50 - 10));
  });
});

describe('fees from the operator settings', () => {
  test('percent → ppm', () => {
    expect(percentToPpm('0.30')).toBe(3000n);
    expect(percentToPpm('8')).toBe(80_000n);
    expect(parsePercentPpm('0.025')).toBe(250n);
    expect(parsePercentPpm('abc')).toBeNull();
    expect(() => percentToPpm('1,5')).toThrow(RangeError);
  });

  test('settings become an override; absent fields keep the defaults', () => {
    expect(feeOverrideOf(undefined)).toEqual({});
    expect(feeOverrideOf({})).toEqual({});
    expect(feeOverrideOf({ buy_fee: '0.1', sell_min: '5', stamp_duty: '0.05' })).toEqual({
      buy: { ppm: 1000n, min: 0n },
      sell: { ppm: 0n, min: units(5) },
      stampDutySellPpm: 500n,
    });
  });

  test('fees at an instant use the exchange-local date', () => {
    // 2023-08-27T16:30Z is 2023-08-28 00:30 in Shanghai: the halved stamp duty applies
    const at = Date.parse('2023-08-27T16:30:00Z');
    const f = tradeFeesAt('cny', 'sell', units(10), 1000n, at);
    expect(f).toEqual(tradeFees('cny', 'sell', units(10), 1000n, '2023-08-28'));
    expect(f.stampDuty).toBe(units(5));
    const override = feeOverrideOf({ sell_fee: '1' });
    expect(tradeFeesAt('jpy', 'sell', units(100), 10n, at, override).fee).toBe(units(10));
  });
});
