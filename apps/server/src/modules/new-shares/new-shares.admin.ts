import { withTx } from '@kabuto/db';
import {
  APPLICATION_STATUS,
  formatUnits,
  IPO_LOT,
  type Market,
  moveOffering,
  OFFERING_STATE,
  toUnixSeconds,
  type Units,
} from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import * as repo from './new-shares.repo.ts';
import type { NewSharesService } from './new-shares.service.ts';

export interface OfferingInput {
  code: string;
  market: Market;
  board: string;
  name_jp: string;
  name_cn: string;
  name_us: string;
  range_low: Units;
  range_high: Units;
  shares: bigint;
  max_per_application: bigint;
  subscribe_start: number;
  subscribe_end: number;
  lottery_at: number;
  payment_deadline: number;
  listing_at: number;
  underwriter: string;
  pe: string;
  waitlist: number;
  draw_mode: 'ticket' | 'units';
}

const at = (unix: number) => new Date(unix * 1000);
const t = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);

/**
 * The back office of new shares: the catalogue (create, edit, price, cancel), the lottery on demand
 * and the applications. Every action is audited in its own transaction. No call chooses a winner: the
 * draw is the seeded function, and the seed was committed to before anyone applied.
 */
export function newSharesAdmin(deps: Deps & { isListedSymbol(code: string): boolean }, s: NewSharesService) {
  const { db, clock } = deps;

  function checkInput(i: OfferingInput) {
    if (i.range_low > i.range_high) refuse('ipo.badRange');
    if (i.shares % IPO_LOT !== 0n || i.max_per_application % IPO_LOT !== 0n) refuse('ipo.badShares');
    if (
      !(
        i.subscribe_start < i.subscribe_end &&
        i.subscribe_end <= i.lottery_at &&
        i.lottery_at <= i.payment_deadline &&
        i.payment_deadline <= i.listing_at
      )
    )
      refuse('ipo.badCalendar');
  }

  async function save(op: Actor, input: OfferingInput & { id?: bigint }) {
    checkInput(input);
    const now = clock.now();
    const nowDate = new Date(now);
    return withTx(db, async (tx) => {
      if (deps.isListedSymbol(input.code) || (await repo.codeTaken(tx, input.code, input.id)))
        refuse('ipo.codeTaken');
      const values = {
        code: input.code,
        market: input.market,
        board: input.board,
        name_jp: input.name_jp,
        name_cn: input.name_cn,
        name_us: input.name_us,
        range_low: input.range_low,
        range_high: input.range_high,
        shares: input.shares,
        max_per_application: input.max_per_application,
        subscribe_start: at(input.subscribe_start),
        subscribe_end: at(input.subscribe_end),
        lottery_at: at(input.lottery_at),
        payment_deadline: at(input.payment_deadline),
        listing_at: at(input.listing_at),
        underwriter: input.underwriter,
        per: input.pe,
        waitlist: input.waitlist,
        draw_mode: input.draw_mode,
        updated_at: nowDate,
      };
      if (input.id === undefined) {
        const row = await repo.insertOffering(tx, values);
        await audit(
          tx,
          op,
          { action: 'ipo.create', target: `ipo_offering:${row.id}`, detail: { code: row.code } },
          nowDate,
        );
        return { id: String(row.id) };
      }
      const o = await repo.lockOffering(tx, input.id);
      if (!o) return refuse('ipo.notFound');
      if (o.state !== OFFERING_STATE.scheduled) refuse('ipo.cannotEdit');
      const opened = now >= o.subscribe_start.getTime();
      const fixed =
        o.code !== values.code ||
        o.market !== values.market ||
        o.range_low !== values.range_low ||
        o.range_high !== values.range_high ||
        o.shares !== values.shares ||
        o.max_per_application !== values.max_per_application ||
        o.subscribe_start.getTime() !== values.subscribe_start.getTime() ||
        o.subscribe_end.getTime() !== values.subscribe_end.getTime() ||
        o.waitlist !== values.waitlist ||
        o.draw_mode !== values.draw_mode;
      if (opened && fixed) refuse('ipo.cannotEdit');
      await repo.updateOffering(tx, o.id, values);
      await audit(
        tx,
        op,
        { action: 'ipo.edit', target: `ipo_offering:${o.id}`, detail: { code: values.code, opened } },
        nowDate,
      );
      return { id: String(o.id) };
    });
  }

  async function price(op: Actor, input: { id: bigint; offer_price: Units }) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, input.id);
      if (!o) return refuse('ipo.notFound');
      if (o.state !== OFFERING_STATE.scheduled) refuse('ipo.alreadyDrawn');
      if (input.offer_price < o.range_low || input.offer_price > o.range_high)
        refuse('ipo.priceOutOfRange', { low: plainAmount(o.range_low), high: plainAmount(o.range_high) });
      await repo.updateOffering(tx, o.id, { offer_price: input.offer_price, updated_at: now });
      await audit(
        tx,
        op,
        {
          action: 'ipo.price',
          target: `ipo_offering:${o.id}`,
          detail: { code: o.code, offer_price: formatUnits(input.offer_price) },
        },
        now,
      );
    });
  }

  async function cancel(op: Actor, input: { id: bigint; reason: string }) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, input.id);
      if (!o) return refuse('ipo.notFound');
      if (o.state !== OFFERING_STATE.scheduled) refuse('ipo.cannotCancel');
      moveOffering(o.state, OFFERING_STATE.cancelled);
      const apps = await repo.lockApplications(tx, o.id);
      for (const a of apps) await s.release(tx, o, a, now, 'ipoCancelled');
      await repo.updateOffering(tx, o.id, { state: OFFERING_STATE.cancelled, updated_at: now });
      await audit(
        tx,
        op,
        {
          action: 'ipo.cancel',
          target: `ipo_offering:${o.id}`,
          reason: input.reason,
          detail: { code: o.code, released: apps.length },
        },
        now,
      );
    });
  }

  async function offerings(f: { market?: Market; page: number; size: number }) {
    const all = await repo.listOfferings(db, f.market, 1000);
    const rows = all.slice((f.page - 1) * f.size, f.page * f.size);
    const counts = await repo.countApplications(
      db,
      rows.map((o) => o.id),
    );
    return {
      list: rows.map((o) => ({
        id: String(o.id),
        code: o.code,
        market: o.market,
        board: o.board,
        name_jp: o.name_jp,
        name_cn: o.name_cn,
        name_us: o.name_us,
        range_low: formatUnits(o.range_low),
        range_high: formatUnits(o.range_high),
        offer_price: o.offer_price === null ? '' : formatUnits(o.offer_price),
        shares: o.shares.toString(),
        max_per_application: o.max_per_application.toString(),
        subscribe_start: t(o.subscribe_start),
        subscribe_end: t(o.subscribe_end),
        lottery_at: t(o.lottery_at),
        payment_deadline: t(o.payment_deadline),
        listing_at: t(o.listing_at),
        underwriter: o.underwriter,
        pe: o.per,
        waitlist: o.waitlist,
        draw_mode: o.draw_mode,
        state: o.state,
        commitment: o.commitment ?? '',
        // the seed is secret until the draw, for operators too
        seed: o.drawn_at ? (o.seed ?? '') : '',
        result: o.result ? JSON.parse(o.result) : null,
        first_price: o.first_price === null ? '' : formatUnits(o.first_price),
        applications: counts.get(String(o.id)) ?? 0,
        drawn_at: t(o.drawn_at),
        listed_at: t(o.listed_at),
      })),
      total: all.length,
    };
  }

  async function applications(f: repo.ApplicationFilter) {
    const { rows, total } = await repo.queueApplications(db, f);
    return {
      list: rows.map((a) => ({
        id: String(a.id),
        order_no: a.order_no,
        offering_id: String(a.offering_id),
        code: a.code,
        name: a.name_jp,
        user_id: String(a.user_id),
        account: a.account,
        quantity: a.quantity.toString(),
        price: formatUnits(a.price),
        amount: formatUnits(a.amount),
        status: a.status,
        outcome: a.outcome,
        rank: a.rank,
        allotted: a.allotted.toString(),
        paid: formatUnits(a.paid),
        held: a.status === APPLICATION_STATUS.held,
        create_time: t(a.created_at),
      })),
      total,
    };
  }

  return { save, price, cancel, offerings, applications, draw: s.draw };
}

export type NewSharesAdmin = ReturnType<typeof newSharesAdmin>;
