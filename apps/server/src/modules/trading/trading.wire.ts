import {
  type BodyOf,
  blockTradesApi,
  type DataOf,
  DZ_TYPES,
  type tradingApi,
  wireNumber,
  wirePercent,
} from '@kabuto/contract';
import { formatUnits, POSITION_STATUS, priceMove, toUnixSeconds, type Units } from '@kabuto/domain';
import type { Lang } from '@kabuto/market';
import type { z } from 'zod';
import { nameOf } from '../../shared/market-data.ts';
import type { ExitRow } from './exits.repo.ts';
import type { ExitRequest } from './exits.service.ts';
import type { BuyInput } from './orders.service.ts';
import { openPositionOf, type PositionView } from './positions.service.ts';

/**
 * The contract's pinyin rows of the trading calls, made from what the services return. Valuation
 * (`nowprice`, `yingkui`, `gain`, `ccsz`, `fdyk`, `lsyk`) leaves as JSON numbers (docs/wire.md, "Numbers, money and times");
 * entered and settled amounts as decimal strings.
 */

/** A percent at scale 4 (units) as the wire's number with 2 decimals, truncated toward zero (12.34). */
const percent2 = (ratio: Units): number => wirePercent(Number(ratio / 100n));

const seconds = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);

/** One position row (`positionRow` of the contract). */
export function positionWire(v: PositionView, lang: Lang) {
  const p = v.row;
  return {
    id: String(p.id),
    order_no: p.order_no,
    strategy_num: p.order_no,
    stock_name: v.inst ? nameOf(v.inst, lang) : p.symbol,
    stock_code: p.symbol,
    market: p.market,
    buyzd: p.direction,
    ganggang: String(p.leverage),
    gdlx: p.order_type,
    buy_price: formatUnits(p.open_price ?? p.limit_price ?? 0n),
    stock_num: p.quantity.toString(),
    nowprice: wireNumber(v.price ?? p.open_price ?? p.limit_price ?? 0n),
    sell_price: formatUnits(p.close_price ?? 0n),
    credit: formatUnits(p.margin),
    yingkui: wireNumber(v.pnl),
    // the price move since entry in the position's direction (not leveraged); none for a pending order
    gain: percent2(p.status === POSITION_STATUS.pending ? 0n : priceMove(openPositionOf(p), v.price)),
    buy_fee: formatUnits(p.buy_fee),
    sell_fee: formatUnits(p.sell_fee),
    buy_poundage: formatUnits(p.buy_fee),
    sell_poundage: formatUnits(p.sell_fee),
    stamp_duty: formatUnits(p.stamp_duty),
    status: p.status,
    buy_time: seconds(p.filled_at ?? p.created_at) as number,
    sell_time: seconds(p.closed_at),
    limit_price: p.limit_price === null ? '' : formatUnits(p.limit_price),
    close_reason: p.close_reason ?? '',
    dz_type: dzTypeOf(v),
    source: p.source,
    lent: p.lent ? 1 : 0,
    timing: p.timing,
    valid_until: p.valid_until ?? '',
    waits_for: p.status === POSITION_STATUS.pending ? seconds(p.waits_for) : null,
    locked: p.locked ? 1 : 0,
    nisa: p.nisa ? 1 : 0,
    financing: formatUnits(v.financing),
    term_end: v.termEnd ?? '',
  };
}

/** Rows keyed "0", "1", … as the family's list calls answer them. */
function keyed(positions: readonly PositionView[], lang: Lang) {
  const out: Record<string, ReturnType<typeof positionWire>> = {};
  positions.forEach((v, i) => {
    out[String(i)] = positionWire(v, lang);
  });
  return out;
}

/**
 * Open positions, plus ccsz (holding value) and fdyk (floating P&L). With `dzType` only the positions of
 * that kind (`buy_type=1`: day trades), their sums recounted.
 */
export function openListWire(
  all: { positions: readonly PositionView[]; value: Units; pnl: Units },
  lang: Lang,
  dzType?: number,
): DataOf<typeof tradingApi.openPositions> {
  const list = dzType === undefined ? all : onlyDzType(all.positions, dzType);
  return { ...keyed(list.positions, lang), ccsz: wireNumber(list.value), fdyk: wireNumber(list.pnl) };
}

/** `buy_type=1` (Kabuto's app) or `dz_type=3` (the family's clients): the day-trade positions only. */
export const positionKindFilter = (b: BodyOf<typeof tradingApi.openPositions>) =>
  b.buy_type === 1 ? DZ_TYPES.dayTrade : b.dz_type;

const dzTypeOf = (v: PositionView) => (v.row.day_trade ? DZ_TYPES.dayTrade : DZ_TYPES.ordinary);

function onlyDzType(positions: readonly PositionView[], dzType: number) {
  const kept = positions.filter((v) => dzTypeOf(v) === dzType);
  return {
    positions: kept,
    value: kept.reduce((sum, v) => sum + v.value, 0n),
    pnl: kept.reduce((sum, v) => sum + v.pnl, 0n),
  };
}

/** Closed and cancelled positions, plus lsyk (realised P&L). */
export function closedListWire(
  list: { positions: readonly PositionView[]; pnl: Units },
  lang: Lang,
): DataOf<typeof tradingApi.closedPositions> {
  return { ...keyed(list.positions, lang), lsyk: wireNumber(list.pnl) };
}

/** The reply of a close. */
export const soldWire = (r: { id: string; price: Units; pnl: Units }) => ({
  id: r.id,
  sell_price: formatUnits(r.price),
  yingkui: formatUnits(r.pnl),
});

/** A block-trade subscription (`is_qc=2`): the block module takes it (wired in app.ts). */
export interface BlockSubscription {
  offeringId: bigint;
  quantity: bigint;
  password?: string;
}

/**
 * `/trade/buy_stock`'s body in English names: a block subscription (`is_qc=2`: `id`, `zhang`, `password`)
 * or an order (`zhang` shares, `ganggan` leverage — past 1000 it is no configured one —, `buyzd` direction,
 * `gdlx` market or limit at `buy_price`, `dz_type=1` after-market).
 */
export function buyRequest(
  b: BodyOf<typeof tradingApi.buy>,
): { block: BlockSubscription } | { order: BuyInput } {
  if (blockTradesApi.isBlockBuy(b))
    return { block: { offeringId: b.id, quantity: b.zhang, password: b.password } };
  return {
    order: {
      symbol: b.symbol,
      quantity: b.zhang,
      leverage: b.ganggan > 1000n ? 0 : Number(b.ganggan),
      direction: b.buyzd,
      orderType: b.gdlx,
      limitPrice: b.gdlx === 2 ? b.buy_price : undefined,
      market: b.type,
      afterMarket: b.dz_type === 1,
      nisa: b.nisa === 1,
      ifd:
        b.then_kind === undefined
          ? undefined
          : exitRequestOf(b.then_kind, {
              limit: b.then_limit,
              stop: b.then_stop,
              trail: b.then_trail,
              trailPct: b.then_trail_pct,
            }),
      book:
        b.timing === undefined && b.valid_until === undefined
          ? undefined
          : {
              timing: b.timing ?? 'any',
              validUntil: b.valid_until === undefined || b.valid_until === 'day' ? null : b.valid_until,
            },
    },
  };
}

/**
 * An exit as a client names it (`kind` limit, stop, stop_limit, trail or oco, with its prices; a trailing
 * percent at scale 4 is parts per million) → the legs to place.
 */
export function exitRequestOf(
  kind: (typeof tradingApi.EXIT_KINDS)[number],
  f: { limit?: Units; stop?: Units; trail?: Units; trailPct?: Units },
  quantity?: bigint,
): ExitRequest {
  if (kind === 'oco')
    return {
      legs: [
        { kind: 'limit', limitPrice: f.limit },
        { kind: 'stop', stopPrice: f.stop },
      ],
      quantity,
    };
  if (kind === 'trail') return { legs: [{ kind, trailAmount: f.trail, trailPpm: f.trailPct }], quantity };
  return { legs: [{ kind, limitPrice: f.limit, stopPrice: f.stop }], quantity };
}

const plain = (x: Units | null) => (x === null ? '' : formatUnits(x));

/** One exit order as the order inquiry lists it. */
export function exitWire(e: ExitRow, name: string, level: Units | null): z.output<typeof tradingApi.exitRow> {
  return {
    id: String(e.id),
    position_id: String(e.position_id),
    stock_code: e.symbol,
    stock_name: name,
    side: e.side,
    kind: e.kind,
    zhang: e.quantity === null ? '' : e.quantity.toString(),
    limit_price: plain(e.limit_price),
    stop_price: plain(e.stop_price),
    trail: plain(e.trail_amount),
    trail_pct: plain(e.trail_ppm),
    level: plain(level),
    status: e.status,
    oco_with: e.oco_with === null ? '' : String(e.oco_with),
    fill_price: plain(e.fill_price),
    closed_position_id: e.closed_position_id === null ? '' : String(e.closed_position_id),
    created_at: seconds(e.created_at) as number,
    fired_at: seconds(e.fired_at),
  };
}

/** The quantity of a sell, an exit order or an amendment: the wire's `zhang` (shares). */
export const wireQuantity = <T extends { zhang?: unknown }>(body: T): T['zhang'] => body.zhang;
