import { type Db, type Tx, withTx } from '@kabuto/db';
import {
  dividendEntitlement,
  localDate,
  MARKET_ZONE,
  MARKETS,
  type Market,
  splitRatio,
  type Units,
  zonedEpoch,
} from '@kabuto/domain';
import type { TransferRequest } from '@kabuto/ledger';
import type { CorporateAction, MarketDataProvider } from '@kabuto/market';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transferMany } from '../../shared/ledger.ts';
import * as repo from './corporate-actions.repo.ts';
import { dividendPayer, type PaymentNeeds } from './payment.service.ts';
import { accountsFor, HOLDING, type PositionRow, splitApplier, splitConstituents } from './split.service.ts';

/** Positions one applying transaction adjusts at most (each batch its own transaction). */
export const APPLY_BATCH = 2000;

export interface CorporateActionsDeps extends Pick<Deps, 'db' | 'clock'> {
  market: MarketDataProvider;
  /** Positions (and payments) per transaction; `APPLY_BATCH` unless a test or benchmark says. */
  batchSize?: number;
}

export type CorporateActionsNeeds = PaymentNeeds;

/** What one run did, for the leader's log and the tests. */
export interface CorporateActionsRun {
  announced: number;
  applied: number;
  paid: number;
}

/**
 * Corporate actions on the books (the rules: `packages/domain/src/corporate-actions.ts`).
 *
 * - **Announce**: once per market day, the provider's actions of every symbol the books hold are
 *   recorded (`corporate_action`, one row per symbol, ex-date and kind).
 * - **Apply**: from the start of the ex-date (before the session), each symbol's due actions are
 *   applied one after the other — a dividend (entitlements, the ex-date's 配当落調整金, the payouts put
 *   aside in the user's `dividend` account), then a split (positions, pending orders, exit orders, lent
 *   shares, the fractions paid in cash) — over the symbol's positions in batches of `APPLY_BATCH` in id
 *   order, each batch its own transaction under the action's row lock that also moves the action's
 *   cursor: a pass cut short resumes after the last batch done, so each position is adjusted exactly
 *   once, and memory stays one batch whatever the book's size. The pass covers the positions that
 *   existed when it started (`upto`); orders placed since were placed at the adjusted prices. The last
 *   transaction does the copy-trade constituents and marks the action applied.
 * - **Pay**: on the payment date, the payouts move from the `dividend` account to cash, in batches
 *   (`payment.service.ts`, with the holder's dividend tax).
 */
export function corporateActionsService(d: CorporateActionsDeps, needs: CorporateActionsNeeds) {
  const { db, clock, market } = d;
  const batchSize = d.batchSize ?? APPLY_BATCH;
  const { payDue } = dividendPayer({ ...d, batchSize }, needs);
  /** The market day each market's announcements were last read on. */
  const announcedOn = new Map<Market, string>();
  const applySplit = splitApplier(market);

  function rowOf(a: CorporateAction, mkt: Market) {
    const r = a.kind === 'split' ? splitRatio(a.ratio ?? 1) : { num: 1n, den: 1n };
    return {
      market: mkt,
      symbol: a.symbol,
      kind: a.kind,
      ex_date: a.exDate,
      record_date: a.recordDate,
      payment_date: a.paymentDate,
      ratio_num: r.num,
      ratio_den: r.den,
      cash: a.cash ?? 0n,
      source_ppm: BigInt(a.sourcePpm ?? 0),
      prev_close: a.prevClose,
      base: a.base,
    };
  }

  /** Record the announced actions of the held symbols (once per market day, or for `symbols` now). */
  async function announce(symbols?: readonly { market: string; symbol: string }[]): Promise<number> {
    const now = clock.now();
    const held = symbols ?? (await repo.heldSymbols(db));
    const rows = [];
    for (const h of held) {
      const mkt = h.market as Market;
      if (!symbols && announcedOn.get(mkt) === localDate(mkt, now)) continue;
      const today = localDate(mkt, now);
      // actions older than a year never need applying again (a book opened later did not hold them)
      const since = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
      for (const a of await market.corporateActions(h.symbol))
        if (
          a.exDate >= since &&
          (a.kind === 'split' ? a.ratio !== undefined && a.ratio !== 1 : (a.cash ?? 0n) > 0n)
        )
          rows.push(rowOf(a, mkt));
    }
    if (!symbols) for (const m of MARKETS) announcedOn.set(m, localDate(m, now));
    await repo.upsertActions(db, rows);
    return rows.length;
  }

  /** The prices of an action that has gone ex, from the provider when they were not known at announcement. */
  async function pricesOf(a: repo.ActionRow): Promise<{ prev_close: Units | null; base: Units | null }> {
    if (a.prev_close !== null && a.base !== null) return { prev_close: a.prev_close, base: a.base };
    const found = (await market.corporateActions(a.symbol)).find(
      (x) => x.exDate === a.ex_date && x.kind === a.kind,
    );
    return { prev_close: found?.prevClose ?? a.prev_close, base: found?.base ?? a.base };
  }

  // ---- the ledger side of one symbol's transaction

  const nameOf = (symbol: string) => market.instrument(symbol)?.names.jp ?? symbol;

  // ---- dividend

  async function applyDividend(
    tx: Tx,
    a: repo.ActionRow,
    positions: PositionRow[],
    at: Date,
  ): Promise<number> {
    const mkt = a.market as Market;
    const exStart = zonedEpoch(MARKET_ZONE[mkt], a.ex_date, 0);
    // holders at the record date: filled before the ex-date, still held
    const held = positions.filter(
      (p) => HOLDING.includes(p.status) && p.filled_at !== null && p.filled_at.getTime() < exStart,
    );
    if (held.length === 0) return 0;
    const due = held
      .map((p) => ({
        p,
        e: dividendEntitlement(
          { direction: p.direction, leverage: p.leverage, lent: p.lent, quantity: p.quantity, nisa: p.nisa },
          a.cash,
          mkt,
          a.payment_date,
          a.source_ppm,
        ),
      }))
      .filter(({ e }) => e.amount !== 0n);
    if (due.length === 0) return 0;
    // a charge is paid from cash then margin; a payout goes to cash (on the ex-date) or waits in `dividend`
    const acc = await accountsFor(
      tx,
      mkt,
      due.map(({ p, e }) => ({
        user: p.user_id,
        kinds: e.amount < 0n ? ['cash', 'margin'] : [e.on === 'ex' ? 'cash' : 'dividend'],
      })),
    );
    const requests: TransferRequest[] = [];
    const meta: { p: PositionRow; e: ReturnType<typeof dividendEntitlement>; fromMargin: Units }[] = [];
    // what each user's cash can still pay this run (a charge never overdraws it)
    const room = new Map<bigint, Units>();
    for (const { p, e } of due) {
      const u = p.user_id;
      const cp = acc.counterparty(u);
      const ref = `corporate_action:${a.id}:${p.id}`;
      let fromMargin = 0n;
      if (e.amount < 0n) {
        // a short pays the 配当落調整金 from cash, and what cash cannot pay from the position's margin
        const cash = acc.cash(u);
        const left = room.get(u) ?? cash.creditsPosted - cash.debitsPosted - cash.debitsPending;
        const fromCash = left < -e.amount ? (left > 0n ? left : 0n) : -e.amount;
        fromMargin = -e.amount - fromCash;
        if (fromMargin > p.margin) fromMargin = p.margin;
        room.set(u, left - fromCash);
        if (fromCash > 0n)
          requests.push({
            type: 'single',
            debitAccountId: cash.id,
            creditAccountId: cp.id,
            amount: fromCash,
            currency: mkt,
            code: 'manufactured_dividend',
            operationRef: ref,
          });
        if (fromMargin > 0n)
          requests.push({
            type: 'single',
            debitAccountId: acc.margin(u).id,
            creditAccountId: cp.id,
            amount: fromMargin,
            currency: mkt,
            code: 'manufactured_dividend',
            operationRef: ref,
          });
        if (fromCash + fromMargin === 0n) continue;
      } else {
        const to = e.on === 'ex' ? acc.cash(u) : acc.dividend(u);
        // a holder's dividend waits whole (after any foreign tax): its tax is withheld when it is paid
        const tax = e.role === 'holder' ? e.withholding.national + e.withholding.local : 0n;
        requests.push({
          type: 'single',
          debitAccountId: cp.id,
          creditAccountId: to.id,
          amount: e.amount + tax,
          currency: mkt,
          code: e.recordType,
          operationRef: ref,
        });
      }
      meta.push({ p, e, fromMargin });
    }
    const done = await transferMany(tx, requests, acc.locked);
    const records: FundRecordInput[] = [];
    const rows: repo.EntitlementInsert[] = [];
    let k = 0;
    for (const { p, e, fromMargin } of meta) {
      const charge = e.amount < 0n;
      const fromCash = charge ? -e.amount - fromMargin : 0n;
      const cashT = charge ? (fromCash > 0n ? done[k++] : null) : done[k++];
      const marginT = charge && fromMargin > 0n ? done[k++] : null;
      if (marginT) p.margin -= fromMargin;
      const first = cashT ?? marginT;
      rows.push({
        action_id: a.id,
        user_id: p.user_id,
        position_id: p.id,
        role: e.role,
        quantity: p.quantity,
        gross: e.gross,
        foreign_tax: e.withholding.foreign,
        national_tax: e.withholding.national,
        local_tax: e.withholding.local,
        amount: e.amount,
        transfer_id: first?.id ?? null,
      });
      // the cash statement: what reached or left cash now (a payout waits for the payment date)
      if (cashT && (charge || e.on === 'ex'))
        records.push({
          userId: p.user_id,
          currency: mkt,
          type: e.recordType,
          orderNo: p.order_no,
          amount: charge ? -fromCash : e.amount,
          transferId: cashT.id,
          ref: `corporate_action:${a.id}`,
          stockName: nameOf(p.symbol),
          stockCode: p.symbol,
          memo: e.role,
          at,
        });
    }
    if (meta.some((m) => m.fromMargin > 0n))
      await repo.updatePositions(
        tx,
        meta
          .filter((m) => m.fromMargin > 0n)
          .map(({ p }) => ({
            id: p.id,
            quantity: p.quantity,
            open_price: p.open_price,
            limit_price: p.limit_price,
            margin: p.margin,
          })),
        at,
      );
    await repo.insertEntitlements(tx, rows);
    await writeFundRecords(tx, records);
    return meta.length;
  }

  /** Copy-trade products take the dividend into their NAV: reinvested in the stock at the base price. */
  async function dividendConstituents(tx: Tx, a: repo.ActionRow): Promise<void> {
    const base = a.base ?? 0n;
    if (base > 0n)
      for (const c of await repo.lockConstituents(tx, a.symbol, a.ex_date))
        await repo.setConstituentQty(tx, c.product_id, c.symbol, (c.qty * (base + a.cash)) / base);
  }

  // ---- split

  /**
   * One batch of an action's pass, in its own transaction under the action's row lock: the next
   * positions after the cursor are adjusted and the cursor moves past them; when none is left, the
   * symbol-wide part (copy-trade constituents) is done and the action marked applied. False when the
   * action is applied (by this batch or another run).
   */
  async function applyBatch(
    id: bigint,
    prices: { prev_close: Units | null; base: Units | null },
  ): Promise<boolean> {
    const at = new Date(clock.now());
    return withTx(db, async (tx) => {
      const locked = await repo.lockAction(tx, id);
      if (!locked) return false;
      const a = { ...locked, ...prices };
      const upto = a.upto ?? (await repo.startPass(tx, a));
      const positions = await repo.lockPositions(tx, a, a.cursor ?? 0n, upto, batchSize);
      if (positions.length === 0) {
        if (a.kind === 'split') await splitConstituents(tx, a);
        else await dividendConstituents(tx, a);
        await repo.markApplied(tx, a.id, at, prices);
        return false;
      }
      const n =
        a.kind === 'split'
          ? await applySplit(tx, a, positions, at)
          : await applyDividend(tx, a, positions, at);
      await repo.advancePass(tx, a.id, positions[positions.length - 1].id, n);
      return true;
    });
  }

  /** Apply one symbol's due actions, each in batches of positions; the number applied. */
  async function applySymbol(symbol: string, today: string): Promise<number> {
    // the prices of actions announced ahead, read before the transactions (the provider may do I/O)
    const pending = await db
      .selectFrom('corporate_action')
      .selectAll()
      .where('symbol', '=', symbol)
      .where('applied_at', 'is', null)
      .where('ex_date', '<=', today)
      .orderBy('ex_date')
      .orderBy(sql`kind = 'split'`)
      .execute();
    let applied = 0;
    for (const a of pending) {
      const p = await pricesOf(a);
      // a split needs the ex-date's base price; without it the action waits for the next run
      if (a.kind === 'split' && p.base === null) continue;
      while (await applyBatch(a.id, p));
      applied++;
    }
    return applied;
  }

  /** Apply every due action, symbol by symbol. */
  async function applyDue(): Promise<number> {
    const now = clock.now();
    let applied = 0;
    for (const m of MARKETS) {
      const today = localDate(m, now);
      for (const { symbol } of await repo.dueSymbols(db, m, today))
        applied += await applySymbol(symbol, today);
    }
    return applied;
  }

  /** The leader's round: announcements, then what goes ex, then what is paid. */
  async function run(): Promise<CorporateActionsRun> {
    const announced = await announce();
    const applied = await applyDue();
    const paid = await payDue();
    return { announced, applied, paid };
  }

  return { announce, applyDue, payDue, run };
}

export type CorporateActionsService = ReturnType<typeof corporateActionsService>;
export type { Db };
