import type { blockTradesApi, DataOf } from '@kabuto/contract';
import { formatUnits, toUnixSeconds } from '@kabuto/domain';
import type { Instrument, Lang, Quote } from '@kabuto/market';
import { nameOf } from '../../shared/market-data.ts';
import { OFFERING_STATUS, type OfferingRow, type SubscriptionRow } from './block-trades.repo.ts';
import type { BlockTradesService } from './block-trades.service.ts';

/** The contract's pinyin rows of the block module (the service speaks English). */

type OfferingWire = DataOf<typeof blockTradesApi.offerings>[number];

export function offeringWire(o: OfferingRow, inst: Instrument, lang: Lang): OfferingWire {
  return {
    id: String(o.id),
    code: inst.symbol,
    symbol: inst.symbol,
    name: nameOf(inst, lang),
    market: inst.market,
    price: formatUnits(o.price),
    stock_num: Number(o.min_shares),
    num: Number(o.shares),
    password: o.password_hash !== null,
    start: toUnixSeconds(o.start_at.getTime()),
    end: toUnixSeconds(o.end_at.getTime()),
    status: o.status,
    commitment: o.commitment,
    // The seed stays secret until the allocation.
    seed: o.status === OFFERING_STATUS.allocated ? o.seed : '',
    subscribed: Number(o.subscribed),
    allocated: Number(o.allocated),
  };
}

/** A listed stock in the after-market list: the price is the day's close once the session has closed. */
export function afterMarketWire(
  inst: Instrument,
  q: Quote,
  window: { start: number; end: number } | null,
  min: bigint,
  lang: Lang,
  after: { hours: string; open: boolean },
): OfferingWire {
  return {
    id: inst.symbol,
    code: inst.symbol,
    symbol: inst.symbol,
    name: nameOf(inst, lang),
    market: inst.market,
    price: formatUnits(q.price),
    stock_num: Number(min),
    num: 0,
    password: false,
    start: window ? toUnixSeconds(window.start) : 0,
    end: window ? toUnixSeconds(window.end) : 0,
    status: 0,
    commitment: '',
    seed: '',
    gain: q.changeBp / 100,
    session: q.session,
    window_open: after.open,
    hours: after.hours,
  };
}

export function subscriptionWire(
  s: SubscriptionRow & { symbol: string },
  inst: Instrument | undefined,
  lang: Lang,
): DataOf<typeof blockTradesApi.subscriptions>[number] {
  return {
    id: String(s.id),
    order_no: s.order_no,
    offering_id: String(s.offering_id),
    stock_name: inst ? nameOf(inst, lang) : s.symbol,
    stock_code: s.symbol,
    buy_price: formatUnits(s.price),
    zhang: Number(s.quantity),
    cj_num: Number(s.allocated),
    credit: formatUnits(s.amount),
    status: s.status,
    create_time: toUnixSeconds(s.created_at.getTime()),
    decide_time: s.decided_at ? toUnixSeconds(s.decided_at.getTime()) : null,
  };
}

/** `/trade/block_draw`: the allocation's seed, inputs and result, lots as decimal strings. */
export function allocationProofWire(p: Awaited<ReturnType<BlockTradesService['drawProof']>>) {
  const lots = (rows: readonly { id: bigint; lots: bigint }[]) =>
    rows.map((r) => ({ id: String(r.id), lots: r.lots.toString() }));
  return {
    id: String(p.offering.id),
    commitment: p.offering.commitment,
    entries_commitment: p.offering.entries_commitment ?? '',
    seed: p.offering.seed,
    lots: p.lots.toString(),
    entries: p.entries.map((e) => ({ id: String(e.id), holder: e.ref, lots: e.lots.toString() })),
    results: lots(p.results),
  };
}

/** `/trade/nbhllist`'s `dz_type`: 1 asks for the after-market list, anything else the block offerings. */
export const wantsAfterMarket = (body: { dz_type: 0 | 1 }): boolean => body.dz_type === 1;
