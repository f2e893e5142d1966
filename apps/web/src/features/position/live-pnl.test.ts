import { describe, expect, it } from 'vitest';
import type { Position } from './api/positions.ts';
import { livePosition } from './live-pnl.ts';

const row: Position = {
  id: '7',
  orderNo: 'T2026112400000000001',
  name: 'トヨタ自動車',
  code: '7203',
  market: 'jpy',
  direction: 1,
  leverage: '5',
  orderType: 1,
  buyPrice: '1000.0000',
  quantity: '100',
  price: '1010.0000',
  sellPrice: '0.0000',
  margin: '20000.0000',
  // (1010 − 1000) × 100 − 50 − 10, as the server sends it
  profit: '940.0000',
  // the price move since entry: 10 / 1000 = 1 %
  gain: '1.0000',
  buyFee: '50.0000',
  sellFee: '0.0000',
  stampDuty: '10.0000',
  status: 0,
  buyTime: 1_764_000_000,
  sellTime: null,
  limitPrice: '',
  closeReason: '',
  lent: false,
  timing: 'any',
  validUntil: '',
  waitsFor: null,
  dayTrade: false,
  source: 'order',
  financing: '0.0000',
  termEnd: '',
};
/** A stream tick: market data are JSON numbers. */
const tick = (price: number) => ({
  symbol: '7203',
  price,
  gain: 0,
  gainValue: 0,
  high: price,
  low: price,
  volume: 0,
  time: 0,
});

describe('livePosition', () => {
  it('moves a long holding to the tick: gross less the opening fees; gain is the unleveraged price move', () => {
    const live = livePosition(row, tick(1020.5));
    expect(live.price).toBe('1020.5000');
    expect(live.profit).toBe('1990.0000'); // 20.5 × 100 − 60
    // 20.5 / 1000 = 2.05 %, whatever the leverage (5)
    expect(live.gain).toBe('2.0500');
  });

  it('agrees with the server at the server’s own price', () => {
    const same = livePosition(row, tick(1010));
    expect(same.profit).toBe(row.profit);
    expect(same.gain).toBe(row.gain);
  });

  it('a short gains when the price falls', () => {
    const live = livePosition({ ...row, direction: 2, profit: '-1060.0000' }, tick(990));
    expect(live.profit).toBe('940.0000');
    expect(live.gain).toBe('1.0000');
  });

  it('truncates gain to the wire’s 2 decimals toward zero', () => {
    expect(livePosition(row, tick(1000.0999)).gain).toBe('0.0000');
    expect(livePosition({ ...row, direction: 2 }, tick(1000.5)).gain).toBe('-0.0500');
  });

  it('leaves rows that are not holdings, rows without a tick and unreadable rows alone', () => {
    for (const status of [1, 2, 3, 4])
      expect(livePosition({ ...row, status }, tick(2000))).toEqual({ ...row, status });
    expect(livePosition(row, undefined)).toBe(row);
    expect(livePosition({ ...row, quantity: '' }, tick(2000))).toEqual({ ...row, quantity: '' });
  });
});
