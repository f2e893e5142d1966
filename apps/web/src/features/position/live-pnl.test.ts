import { describe, expect, it } from 'vitest';
import type { PositionRow } from './api/positions.ts';
import { livePosition } from './live-pnl.ts';

const row: PositionRow = {
  id: '7',
  order_no: 'T2026112400000000001',
  stock_name: 'トヨタ自動車',
  stock_code: '7203',
  market: 'jpy',
  buyzd: 1,
  ganggang: '5',
  gdlx: 1,
  buy_price: '1000.0000',
  stock_num: '100',
  nowprice: '1010.0000',
  sell_price: '0.0000',
  credit: '20000.0000',
  // (1010 − 1000) × 100 − 50 − 10, as the server sends it
  yingkui: '940.0000',
  gain: '4.70',
  buy_fee: '50.0000',
  sell_fee: '0.0000',
  stamp_duty: '10.0000',
  status: 0,
  buy_time: 1_764_000_000,
  sell_time: null,
  limit_price: '',
  close_reason: '',
};
const tick = (price: string) => ({
  symbol: '7203',
  price,
  gain: '0',
  gainValue: '0',
  high: price,
  low: price,
  volume: '0',
  time: 0,
});

describe('livePosition', () => {
  it('moves a long holding to the tick: gross less the opening fees, percent of the margin', () => {
    const live = livePosition(row, tick('1020.5000'));
    expect(live.nowprice).toBe('1020.5000');
    expect(live.yingkui).toBe('1990.0000'); // 20.5 × 100 − 60
    expect(live.gain).toBe('9.9500');
  });

  it('agrees with the server at the server’s own price', () => {
    expect(livePosition(row, tick('1010.0000')).yingkui).toBe(row.yingkui);
  });

  it('a short gains when the price falls', () => {
    const live = livePosition({ ...row, buyzd: 2, yingkui: '-1060.0000' }, tick('990.0000'));
    expect(live.yingkui).toBe('940.0000');
  });

  it('leaves rows that are not holdings, rows without a tick and unreadable rows alone', () => {
    for (const status of [1, 2, 3, 4])
      expect(livePosition({ ...row, status }, tick('2000'))).toEqual({ ...row, status });
    expect(livePosition(row, undefined)).toBe(row);
    expect(livePosition({ ...row, stock_num: '' }, tick('2000'))).toEqual({ ...row, stock_num: '' });
  });

  it('keeps the server’s percent when there is no margin', () => {
    expect(livePosition({ ...row, credit: '0.0000' }, tick('1020')).gain).toBe(row.gain);
  });
});
