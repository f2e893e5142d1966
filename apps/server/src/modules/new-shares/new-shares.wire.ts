import { nameIn } from '@kabuto/contract';
import {
  APPLICATION_STATUS,
  formatUnits,
  IPO_LOT,
  type Market,
  OFFERING_STATE,
  toUnixSeconds,
  type Units,
} from '@kabuto/domain';
import type { Lang } from '@kabuto/market';
import type { ApplicationRow, OfferingRow } from './new-shares.repo.ts';
import { holdPrice, type NewSharesService, namesOf } from './new-shares.service.ts';

/** The contract's pinyin rows of the new-share calls, made from what the service returns. */

const seconds = (d: Date) => toUnixSeconds(d.getTime());

/** The msg key of an application's state, for display (`xgstate`). */
export function stateKey(a: Pick<ApplicationRow, 'status' | 'outcome'>): string {
  if (a.outcome === 'waitlisted' && a.status <= APPLICATION_STATUS.held) return 'ipo.state.waitlisted';
  switch (a.status) {
    case APPLICATION_STATUS.applied:
      return 'ipo.state.applied';
    case APPLICATION_STATUS.held:
      return 'ipo.state.held';
    case APPLICATION_STATUS.paid:
      return 'ipo.state.paid';
    case APPLICATION_STATUS.notWon:
      return 'ipo.state.notWon';
    case APPLICATION_STATUS.abstained:
      return 'ipo.state.abstained';
    default:
      return 'ipo.state.listed';
  }
}

/** Money held (status 1) or paid (2, 5); '-' when none. */
export function rjmoney(a: Pick<ApplicationRow, 'status' | 'amount' | 'paid'>): string {
  if (a.status === APPLICATION_STATUS.held) return formatUnits(a.amount);
  if (a.status === APPLICATION_STATUS.paid || a.status === APPLICATION_STATUS.listed)
    return formatUnits(a.paid);
  return '-';
}

/** Lots allotted per lot applied, in percent with 2 decimals; "" until drawn. */
function winRate(o: OfferingRow, apps: number): string {
  if (o.result === null) return '';
  const results = JSON.parse(o.result) as { lots: string }[];
  if (apps === 0) return '0.00';
  const won = results.reduce((s, r) => s + BigInt(r.lots), 0n);
  const bp = (won * 10_000n) / BigInt(results.length);
  return `${bp / 100n}.${(bp % 100n).toString().padStart(2, '0')}`;
}

type OfferingView = Awaited<ReturnType<NewSharesService['offerings']>>[number];

export function offeringWire(v: OfferingView, lang: Lang) {
  const o = v.offering;
  const names = namesOf(o);
  const ref: Units = o.first_price ?? v.lastPrice ?? holdPrice(o);
  const a = v.mine;
  return {
    id: String(o.id),
    name: nameIn(o, lang),
    names,
    code: o.code,
    market: o.market,
    board: o.board,
    price: formatUnits(v.lastPrice ?? ref),
    bprice: formatUnits(holdPrice(o)),
    min_price: formatUnits(o.range_low),
    max_price: formatUnits(o.range_high),
    priced: o.offer_price !== null,
    num: Number(o.shares),
    max_num: Number(o.max_per_application),
    min_num: Number(IPO_LOT),
    start: seconds(o.subscribe_start),
    end: seconds(o.subscribe_end),
    gb_date: seconds(o.lottery_at),
    fq_date: seconds(o.payment_deadline),
    ss_date: seconds(o.listing_at),
    underwriter: o.underwriter,
    pe: o.per,
    status: v.phase,
    state: o.state,
    commitment: o.commitment ?? '',
    entries_commitment: o.entries_commitment ?? '',
    seed: o.drawn_at !== null && o.state !== OFFERING_STATE.scheduled ? (o.seed ?? '') : '',
    applicants: v.applicants,
    win_rate: winRate(o, v.applicants),
    mine: a
      ? {
          id: String(a.id),
          apply_total: Number(a.quantity),
          lucky_total: Number(a.allotted),
          rjmoney: rjmoney(a),
          status: a.status,
          outcome: a.outcome,
          xgstate: stateKey(a),
        }
      : null,
  };
}

type RecordRow = Awaited<ReturnType<NewSharesService['records']>>[number];

export function recordWire(r: RecordRow, lang: Lang, now: number) {
  return {
    id: String(r.id),
    offering_id: String(r.offering_id),
    order_no: r.order_no,
    stock_name: nameIn(r, lang),
    stock_code: r.code,
    // the final offer price once priced (the application held the top of the range until then)
    apply_price: formatUnits(r.offer_price ?? r.price),
    apply_total: Number(r.quantity),
    lucky_total: Number(r.allotted),
    subs_value: formatUnits(r.amount),
    rjmoney: rjmoney(r),
    status: r.status,
    outcome: r.outcome,
    xgstate: stateKey(r),
    gb_date: seconds(r.lottery_at),
    fq_date: seconds(r.payment_deadline),
    ss_date: seconds(r.listing_at),
    can_abstain:
      r.status === APPLICATION_STATUS.paid &&
      r.outcome === 'won' &&
      r.offering_state === OFFERING_STATE.drawn &&
      now < r.payment_deadline.getTime(),
    create_time: seconds(r.created_at),
  };
}

type Proof = Awaited<ReturnType<NewSharesService['drawProof']>>;

export function proofWire(p: Proof) {
  return {
    id: String(p.offering.id),
    commitment: p.offering.commitment ?? '',
    entries_commitment: p.offering.entries_commitment ?? '',
    seed: p.offering.seed ?? '',
    mode: p.offering.draw_mode,
    lots: (p.offering.shares / IPO_LOT).toString(),
    waitlist: p.offering.waitlist,
    entries: p.entries.map((e) => ({ id: String(e.id), holder: e.ref, lots: e.lots.toString() })),
    results: p.results,
  };
}

/** `/trade/buy_newstock`'s body → the application the service takes. */
export const applicationInput = (b: { id: bigint; zhang: bigint; type: Market; symbol?: string }) => ({
  id: b.id,
  quantity: b.zhang,
  market: b.type,
  symbol: b.symbol,
});
