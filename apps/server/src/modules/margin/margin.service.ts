import { isUniqueViolation, type Tx } from '@kabuto/db';
import {
  formatUnits,
  type MarginAssets,
  type MarginExperience,
  type MarginIncome,
  type Market,
  parseUnits,
  REVIEW_CODE,
  REVIEW_STATE,
  suitabilityRefusal,
  toUnixSeconds,
} from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { decisionFields, listOf, noMoney, type QueuePage, reviewDecider } from '../../shared/review-queue.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import { bookFigures, deadlineText, ratioText, readBooks } from './margin.books.ts';
import * as repo from './margin.repo.ts';

export interface MarginApplication {
  experience: MarginExperience;
  assets: MarginAssets;
  income: MarginIncome;
  risksUnderstood: boolean;
  agreementAccepted: boolean;
}

/**
 * The margin account: the application and its review, what a user may trade (the gate trading asks
 * before an order above 1× or a short), and the account's state as the app shows it.
 */
export function marginService(deps: Deps & { market: MarketDataProvider }) {
  const { db, clock, market } = deps;

  async function apply(userId: bigint, a: MarginApplication) {
    const why = suitabilityRefusal(a);
    if (why) refuse(why);
    const latest = await repo.latest(db, userId);
    if (latest?.status === REVIEW_CODE.pending) refuse('margin.pendingReview');
    if (latest?.status === REVIEW_CODE.approved) refuse('margin.alreadyApplied');
    const at = new Date(clock.now());
    try {
      await repo.insert(db, {
        user_id: userId,
        experience: a.experience,
        assets: a.assets,
        income: a.income,
        risks_understood: a.risksUnderstood,
        agreed_at: at,
        created_at: at,
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('margin.alreadyApplied');
      throw err;
    }
  }

  /**
   * May these users open a margin position (above 1× or short) in these markets now? For each order, its
   * refusal (null when it may): without an approved margin account, while a margin call of the market is
   * open, or with less collateral than the market's minimum. One statement for the whole batch, in the
   * batch's transaction (trading joins it; `settings` read before the transaction).
   */
  async function checkMarginOrders(
    tx: Tx,
    orders: readonly { userId: bigint; market: Market }[],
    settings: Settings,
  ): Promise<(AppError | null)[]> {
    if (orders.length === 0) return [];
    const gates = await repo.orderGate(tx, orders);
    return orders.map(({ market: mkt }, i) => {
      const g = gates[i];
      if (g.status === REVIEW_CODE.pending) return new AppError('margin.pendingReview');
      if (g.status !== REVIEW_CODE.approved) return new AppError('margin.accountRequired');
      if (g.deadline)
        return new AppError('margin.callOpen', { deadline: deadlineText(mkt, g.deadline.getTime()) });
      const min = parseUnits(settings.margin_min_collateral[mkt]) ?? 0n;
      if (g.collateral < min)
        return new AppError('margin.belowMinimumCollateral', {
          min: `${plainAmount(min)} ${mkt.toUpperCase()}`,
        });
      return null;
    });
  }

  /** The account as the app shows it (My page, the positions' summary, the call banner). */
  async function state(userId: bigint, mkt: Market) {
    const settings = await loadSettings(db);
    const latest = await repo.latest(db, userId);
    const books = await readBooks(db, market, [userId]);
    const calls = await repo.userCalls(db, userId);
    const status = latest ? REVIEW_STATE[latest.status] : 'none';
    return {
      status: status as 'none' | 'pending' | 'approved' | 'rejected',
      legacy: latest?.legacy ? 1 : 0,
      reason: latest?.status === REVIEW_CODE.rejected ? (latest.reason ?? '') : '',
      line: settings.trading_maintenance_ratio,
      emergency: settings.margin_emergency_ratio,
      min_collateral: formatUnits(parseUnits(settings.margin_min_collateral[mkt]) ?? 0n),
      books: books.map(bookFigures),
      calls: [...calls.filter((c) => c.status === 'open'), ...calls.filter((c) => c.status !== 'open')].map(
        (c) => ({
          id: String(c.id),
          type: c.market,
          amount: formatUnits(c.amount),
          ratio: ratioText(c.ratio_ppm) ?? '0.00',
          deadline: toUnixSeconds(c.deadline.getTime()),
          status: c.status,
          create_time: toUnixSeconds(c.created_at.getTime()),
        }),
      ),
    };
  }

  async function pendingCount(): Promise<Record<string, number>> {
    return { margin: await repo.countPending(db) };
  }

  async function list(filter: QueuePage) {
    return listOf(await repo.list(db, filter), (r) => ({
      id: String(r.id),
      user_id: String(r.user_id),
      account: r.account,
      experience: r.experience,
      assets: r.assets,
      income: r.income,
      risks_understood: r.risks_understood,
      legacy: r.legacy,
      ...decisionFields(REVIEW_STATE[r.status], r),
    }));
  }

  async function calls(status: 'open' | 'met' | 'closed' | 'all', size: number) {
    const rows = await repo.callList(db, status, size);
    return {
      list: rows.map((c) => ({
        id: String(c.id),
        user_id: String(c.user_id),
        account: c.account,
        market: c.market,
        amount: formatUnits(c.amount),
        ratio: ratioText(c.ratio_ppm) ?? '0.00',
        deadline: toUnixSeconds(c.deadline.getTime()),
        status: c.status,
        create_time: toUnixSeconds(c.created_at.getTime()),
        resolve_time: c.resolved_at ? toUnixSeconds(c.resolved_at.getTime()) : null,
      })),
    };
  }

  /** Approve or reject one application under review; audited; refused when already decided. */
  const decide = reviewDecider(deps, {
    name: 'margin',
    lock: (tx: Tx, id: bigint) => repo.lockById(tx, id),
    state: (row) => REVIEW_STATE[row.status],
    settle: noMoney,
    notices: { approved: 'marginAccountApproved', rejected: 'marginAccountRejected' },
    params: () => ({}),
    record: (tx, row, d) =>
      repo.decide(tx, row.id, {
        status: REVIEW_CODE[d.state],
        reason: d.reason,
        decided_at: d.at,
        decided_by: d.by.id,
      }),
    detail: (row) => ({
      user_id: row.user_id,
      experience: row.experience,
      assets: row.assets,
      income: row.income,
    }),
  });

  return { apply, checkMarginOrders, state, pendingCount, list, calls, decide };
}

export type MarginService = ReturnType<typeof marginService>;
