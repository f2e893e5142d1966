import type { Db, TaxAccountKindColumn, Tx } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  acquire,
  type Currency,
  dispose,
  type NisaRefusal,
  nisaQuotasOn,
  nisaRefusal,
  positionGain,
  type TaxAccountKind,
  taxDateOf,
  taxYearOf,
  ttmOf,
  type Units,
  withholdingStep,
  yenAtTtm,
} from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import type { Settings } from '../../shared/settings.ts';
import * as repo from './tax.repo.ts';
import { moveTax } from './withholding.ts';

/** A position as the close hands it to tax (the trading module's row). */
export interface ClosedPosition {
  id: bigint;
  user_id: bigint;
  order_no: string;
  market: string;
  symbol: string;
  direction: number;
  leverage: number;
  quantity: bigint;
  open_price: bigint | null;
  buy_fee: bigint;
  stamp_duty: bigint;
  day_trade: boolean;
  nisa: boolean;
  filled_at: Date | null;
  created_at: Date;
}

/** The close as it settled: its price, the fees and stamp duty it charged, the margin costs, when. */
export interface CloseFacts {
  price: Units;
  closeFees: Units;
  /** A margin position's costs (interest, lending fee, 逆日歩) charged at this close: expenses of the sale. */
  financing: Units;
  now: number;
  settings: Settings;
  stockName: string;
}

/** A NISA order as the order book hands it to tax, before it is written. */
export interface NisaOrderInput {
  userId: bigint;
  currency: Currency;
  leverage: number;
  direction: 1 | 2;
  dayTrade: boolean;
  /** price × shares in the trade currency */
  value: Units;
}

export interface TaxState {
  kind: TaxAccountKind;
  nisa: boolean;
  year: number;
  canChoose: boolean;
  netGain: Units;
  withheldNational: Units;
  withheldLocal: Units;
  nisaYearUsed: Units;
  nisaYearLimit: Units;
  nisaLifetimeUsed: Units;
  nisaLifetimeLimit: Units;
}

/**
 * Tax (特定口座) and NISA: the account type the user chose, the moving-average books, each close's
 * realised gain in yen and, in a 源泉徴収あり account, the withholding or refund it causes — in the close's
 * own transaction, between the user's yen cash and the platform's `tax_withheld` account, income tax and
 * inhabitant tax as two transfers. NISA orders are checked against the quotas in the order's transaction.
 */
export function taxService(d: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = d;

  async function state(q: Db | Tx, userId: bigint): Promise<TaxState> {
    const now = clock.now();
    const year = taxYearOf(now);
    const [acct, y, usage, sold] = await Promise.all([
      repo.getAccount(q, userId),
      repo.getYear(q, userId, year),
      repo.nisaUsage(q, userId, year),
      repo.hasEventIn(q, userId, year),
    ]);
    const quotas = nisaQuotasOn(taxDateOf(now));
    const lifetime = quotas
      ? quotas.growthLifetime < quotas.lifetime
        ? quotas.growthLifetime
        : quotas.lifetime
      : 0n;
    return {
      kind: acct.kind,
      nisa: acct.nisa,
      year,
      canChoose: acct.chosen_year !== year && !sold,
      netGain: y.net,
      withheldNational: y.national,
      withheldLocal: y.local,
      nisaYearUsed: usage.yearUsed,
      nisaYearLimit: quotas?.growthYearly ?? 0n,
      nisaLifetimeUsed: usage.lifetimeUsed,
      nisaLifetimeLimit: lifetime,
    };
  }

  /** Closing NISA while NISA shares are held (or ordered) is refused. */
  async function checkNisaClose(tx: Tx, userId: bigint, before: boolean, after: boolean) {
    if (before && !after && (await repo.holdsNisa(tx, userId))) refuse('tax.nisaHeld');
  }

  /**
   * The user's own choice of the account type: once a tax year, and not once the year has a taxable sale.
   * NISA opens or closes at any time (closing only with no NISA shares held or ordered).
   */
  async function choose(userId: bigint, input: { kind: TaxAccountKindColumn; nisa: boolean }) {
    const now = clock.now();
    const year = taxYearOf(now);
    await withTx(db, async (tx) => {
      const acct = await repo.lockAccount(tx, userId);
      const change = acct.kind !== input.kind;
      if (change && acct.chosen_year === year) refuse('tax.alreadyChosen');
      if (change && (await repo.hasEventIn(tx, userId, year))) refuse('tax.yearStarted');
      await checkNisaClose(tx, userId, acct.nisa, input.nisa);
      await repo.setAccount(tx, userId, { ...input, ...(change ? { chosenYear: year } : {}) }, new Date(now));
    });
    return state(db, userId);
  }

  /** The back office's override: any time, with a reason, audited. */
  async function override(
    op: Actor,
    userId: bigint,
    input: { kind: TaxAccountKindColumn; nisa: boolean; reason: string },
  ) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const user = await tx
        .selectFrom('app_user')
        .select('account')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) return refuse('account.notFound');
      const acct = await repo.lockAccount(tx, userId);
      await checkNisaClose(tx, userId, acct.nisa, input.nisa);
      await repo.setAccount(tx, userId, { kind: input.kind, nisa: input.nisa }, now);
      await audit(
        tx,
        op,
        {
          action: 'tax.account',
          target: `user:${user.account}`,
          reason: input.reason,
          detail: { from: { kind: acct.kind, nisa: acct.nisa }, to: { kind: input.kind, nisa: input.nisa } },
        },
        now,
      );
    });
  }

  /**
   * NISA orders of one batch, in the batch's transaction: each user's account is locked, so two orders
   * cannot both take the last of a quota. Returns, per order, the refusal or the yen it counts.
   */
  async function reserveNisa(
    tx: Tx,
    orders: readonly NisaOrderInput[],
    settings: Settings,
  ): Promise<({ ok: true; amount: Units } | { ok: false; refusal: NisaRefusal })[]> {
    const now = clock.now();
    const year = taxYearOf(now);
    const date = taxDateOf(now);
    const users = [...new Set(orders.map((o) => o.userId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const known = new Map<bigint, { open: boolean; yearUsed: Units; lifetimeUsed: Units }>();
    for (const u of users) {
      const acct = await repo.lockAccount(tx, u);
      const usage = await repo.nisaUsage(tx, u, year);
      known.set(u, { open: acct.nisa, ...usage });
    }
    return orders.map((o) => {
      const k = known.get(o.userId)!;
      const amount = yenAtTtm(o.value, ttmOf(settings, o.currency, now), 'up');
      const refusal = nisaRefusal(k.open, { ...o, amount }, k, date);
      if (refusal) return { ok: false as const, refusal };
      k.yearUsed += amount;
      k.lifetimeUsed += amount;
      return { ok: true as const, amount };
    });
  }

  /** The refusal of a NISA order as the error its caller gets. */
  function nisaRefusalError(r: NisaRefusal): never {
    if (r.code === 'tax.nisaYearQuota' || r.code === 'tax.nisaLifetimeQuota')
      return refuse(r.code, { left: plainAmount(r.left) });
    return refuse(r.code);
  }

  /**
   * A close's tax, in the close's transaction after its own transfers. A cash position (leverage 1, long,
   * not a day trade) sells out of the moving-average book of its stock (NISA apart); other positions are
   * taxed on their own legs. NISA sales are tax-free; the other account types net the gain into the year,
   * and 源泉徴収あり withholds or refunds the change in the year's tax.
   */
  async function onClose(tx: Tx, pos: ClosedPosition, c: CloseFacts): Promise<void> {
    if (pos.open_price === null) return;
    const now = c.now;
    const at = new Date(now);
    const year = taxYearOf(now);
    const date = taxDateOf(now);
    const currency = pos.market as Currency;
    const closeTtm = ttmOf(c.settings, currency, now);
    let proceeds: Units;
    let cost: Units;
    const cashPosition = pos.leverage === 1 && pos.direction === 1 && !pos.day_trade;
    if (cashPosition) {
      let book = await repo.lockBook(tx, pos.user_id, pos.symbol, pos.nisa);
      const buys = await repo.unfoldedPurchases(tx, pos.user_id, pos.symbol, pos.nisa);
      const folded = buys.map((b) => {
        const yen = yenAtTtm(
          b.open_price * b.quantity + b.fees,
          ttmOf(c.settings, b.market as Currency, b.filled_at.getTime()),
          'up',
        );
        book = acquire(book, b.quantity, yen);
        return {
          position_id: b.id,
          user_id: pos.user_id,
          symbol: pos.symbol,
          nisa: pos.nisa,
          quantity: b.quantity,
          cost: yen,
          acquired_at: b.filled_at,
        };
      });
      await repo.insertAcquisitions(tx, folded);
      const sold = dispose(book, pos.quantity);
      await repo.saveBook(tx, pos.user_id, pos.symbol, pos.nisa, sold.book, at);
      proceeds = yenAtTtm(c.price * pos.quantity - c.closeFees, closeTtm, 'down');
      cost = sold.cost;
    } else {
      const openedAt = (pos.filled_at ?? pos.created_at).getTime();
      const g = positionGain({
        direction: pos.direction === 2 ? 2 : 1,
        quantity: pos.quantity,
        openPrice: pos.open_price,
        closePrice: c.price,
        openFees: pos.buy_fee + pos.stamp_duty,
        closeFees: c.closeFees,
        costs: c.financing,
        openTtm: ttmOf(c.settings, currency, openedAt),
        closeTtm,
      });
      proceeds = g.proceeds;
      cost = g.cost;
    }
    const gain = proceeds - cost;
    const event: repo.TaxEventInput = {
      user_id: pos.user_id,
      position_id: pos.id,
      year,
      kind: 'nisa',
      market: pos.market,
      symbol: pos.symbol,
      quantity: pos.quantity,
      proceeds,
      cost,
      gain,
      national: 0n,
      local: 0n,
      national_transfer: null,
      local_transfer: null,
      created_at: at,
    };
    if (pos.nisa) return repo.insertEvent(tx, event);

    const acct = await repo.lockAccount(tx, pos.user_id);
    const before = await repo.lockYear(tx, pos.user_id, year);
    event.kind = acct.kind;
    if (acct.kind !== 'withholding') {
      await repo.saveYear(tx, pos.user_id, year, { ...before, net: before.net + gain });
      return repo.insertEvent(tx, event);
    }
    const step = withholdingStep(before, gain, date);
    await repo.saveYear(tx, pos.user_id, year, step.year);
    const moved = await moveTax(tx, pos, c, currency, closeTtm, step.national, step.local);
    await repo.insertEvent(tx, {
      ...event,
      national: step.national,
      local: step.local,
      national_transfer: moved.national,
      local_transfer: moved.local,
    });
  }

  /** The figures of a tax year's annual report (年間取引報告書), yen: sales, gains and tax, NISA apart. */
  async function annual(userId: bigint, year?: number) {
    const y = year ?? taxYearOf(clock.now()) - 1;
    const [acct, totals] = await Promise.all([repo.getAccount(db, userId), repo.yearTotals(db, userId, y)]);
    return { year: y, kind: acct.kind, ...totals };
  }

  return {
    annual,
    state: (userId: bigint) => state(db, userId),
    choose,
    override,
    reserveNisa,
    nisaRefusalError,
    onClose,
  };
}

export type TaxService = ReturnType<typeof taxService>;
