import { tradingApi } from '@kabuto/contract';
import { POSITION_STATUS, units } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import type { PositionView } from '../src/modules/trading/positions.service.ts';
import type { PositionRow } from '../src/modules/trading/trading.repo.ts';
import { closedListWire, openListWire, positionWire, soldWire } from '../src/modules/trading/trading.wire.ts';

const at = new Date('2026-11-24T01:00:00Z');
const row: PositionRow = {
  id: 42n,
  user_id: 7n,
  order_no: 'T2026112400000000001',
  market: 'jpy',
  symbol: '7203',
  direction: 1,
  order_type: 1,
  leverage: 2,
  quantity: 100n,
  limit_price: null,
  open_price: units(1000),
  close_price: null,
  margin: units(50_000),
  buy_fee: 0n,
  sell_fee: 0n,
  stamp_duty: 0n,
  pnl: null,
  status: POSITION_STATUS.holding,
  hold_margin_transfer: null,
  hold_fee_transfer: null,
  close_reason: null,
  created_at: at,
  filled_at: at,
  closed_at: null,
  updated_at: at,
  source: 'order',
  day_trade: false,
  timing: 'any',
  valid_until: null,
  waits_for: null,
  locked: false,
  split_from: null,
} as PositionRow;
const view = (pnl: bigint, over: Partial<PositionView> = {}): PositionView => ({
  row,
  inst: undefined,
  price: units(1010),
  pnl,
  value: units(101_000),
  financing: 0n,
  termEnd: null,
  ...over,
});

describe('trading wire', () => {
  it('a position as the contract row: pinyin names, valuation as numbers, amounts as decimal strings, seconds', () => {
    const w = positionWire(view(units(1000)), 'jp');
    expect(tradingApi.positionRow.strict().parse(w)).toEqual(w);
    expect(w).toMatchObject({
      id: '42',
      stock_name: '7203',
      buyzd: 1,
      ganggang: '2',
      buy_price: '1000.0000',
      nowprice: 1010,
      credit: '50000.0000',
      yingkui: 1000,
      gain: 1,
      buy_poundage: '0.0000',
      dz_type: 0,
      source: 'order',
      status: 0,
      buy_time: at.getTime() / 1000,
      sell_time: null,
      limit_price: '',
    });
  });

  it('gain: the price move since entry in the direction, not leveraged, 2 decimals truncated toward zero', () => {
    const at = (price: bigint, over: Partial<PositionRow> = {}) =>
      positionWire(view(0n, { price, row: { ...row, ...over } }), 'jp').gain;
    expect(at(12_246_999n)).toBe(22.46); // 1224.6999 / 1000 − 1 = 22.469…%
    expect(at(12_246_999n, { direction: 2 })).toBe(-22.46);
    expect(at(units(1000) + 1n)).toBe(0);
    expect(at(units(1010), { leverage: 10 })).toBe(1);
    // a pending order has no entry price and no move
    expect(at(units(1010), { status: POSITION_STATUS.pending, open_price: null })).toBe(0);
  });

  it('lists keyed 0, 1, … with their totals; a close reply', () => {
    const open = openListWire({ positions: [view(1n), view(2n)], value: units(3), pnl: units(-4) }, 'us');
    expect(Object.keys(open)).toEqual(['0', '1', 'ccsz', 'fdyk']);
    expect(open).toMatchObject({ ccsz: 3, fdyk: -4 });
    expect(closedListWire({ positions: [], pnl: units(5) }, 'us')).toEqual({ lsyk: 5 });
    // buy_type=1: the day trades only, their totals recounted (none here)
    expect(openListWire({ positions: [view(1n)], value: units(3), pnl: units(-4) }, 'us', 3)).toEqual({
      ccsz: 0,
      fdyk: 0,
    });
    expect(soldWire({ id: '42', price: units(1010), pnl: -5n })).toEqual({
      id: '42',
      sell_price: '1010.0000',
      yingkui: '-0.0005',
    });
  });
});
