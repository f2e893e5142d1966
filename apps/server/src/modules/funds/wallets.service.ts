import {
  CURRENCIES,
  type Currency,
  formatUnits,
  frozenOf,
  type Market,
  REVIEW_STATE,
  toUnixSeconds,
} from '@kabuto/domain';
import { type AccountJson, accountsOfJson, balancesOf, userAccountsJson } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import type { DetailContext } from '../../shared/admin-contributors.ts';
import type { UserInfoContributor, UserInfoPart } from '../../shared/user-info.ts';
import * as repo from './funds.repo.ts';
import { pageRecords } from './records.repo.ts';

/**
 * Wallet balances as the ledger holds them. Frozen = what pending transfers reserve out of cash
 * (withdrawals, and later orders and subscriptions) + margin held in open positions; total = available +
 * frozen (docs/products.md, "Frozen and total assets"), where frozen counts the money in copy-trade stakes too. Nothing here is stored: every figure is read from the ledger.
 */
/** The funds sections of the back office's user page (times in unix seconds, amounts decimal strings). */
export interface FundsDetail {
  cards: {
    id: string;
    holder: string;
    number: string;
    bank: string;
    branch: string;
    branchCode: string;
    accountType: string;
    createdAt: number | null;
  }[];
  deposits: {
    id: string;
    orderNo: string;
    currency: string;
    amount: string;
    channel: string;
    proofUrl: string;
    status: string;
    reason: string;
    createdAt: number | null;
    decidedAt: number | null;
  }[];
  withdrawals: {
    id: string;
    orderNo: string;
    currency: string;
    amount: string;
    bank: string;
    accountNumber: string;
    status: string;
    reason: string;
    createdAt: number | null;
    decidedAt: number | null;
  }[];
  records: {
    id: string;
    orderNo: string;
    type: string;
    currency: string;
    amount: string;
    balance: string;
    transferId: string;
    createdAt: number | null;
  }[];
}

export function walletsService({ db }: Deps) {
  /** getUserinfo: available balance per wallet, and the requested wallet's available / frozen / total. */
  const userInfo: UserInfoContributor<AccountJson[] | null> = {
    read: userAccountsJson,
    part: (accounts, market) => walletsPart(balancesOf(accountsOfJson(accounts), CURRENCIES), market),
  };

  function walletsPart(balances: ReturnType<typeof balancesOf>, market: Market): UserInfoPart {
    const available: Partial<Record<Currency, string>> = {};
    for (const b of balances) available[b.currency] = formatUnits(b.available);
    const cur = balances.find((b) => b.currency === market)!;
    return {
      wallets: {
        available,
        market: {
          available: formatUnits(cur.available),
          frozen: formatUnits(frozenOf(cur)),
          total: formatUnits(cur.total),
        },
      },
    };
  }

  /** The back office's user page: bank accounts (full numbers), recent deposits, withdrawals, records. */
  async function userDetail(userId: bigint, ctx: DetailContext): Promise<FundsDetail> {
    const [cards, deposits, withdrawals, records] = await Promise.all([
      repo.listCards(db, userId),
      repo.userDeposits(db, userId, undefined, 50),
      repo.userWithdrawals(db, userId, undefined, 50),
      pageRecords(db, userId, {}, { page: 1, size: 50 }),
    ]);
    const t = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);
    return {
      cards: cards.map((c) => ({
        id: String(c.id),
        holder: c.holder,
        number: c.number,
        bank: c.bank,
        branch: c.branch,
        branchCode: c.branch_code,
        accountType: c.account_type,
        createdAt: t(c.created_at),
      })),
      deposits: deposits.map((d) => ({
        id: String(d.id),
        orderNo: d.order_no,
        currency: d.currency,
        amount: formatUnits(d.amount),
        channel: d.channel_name,
        proofUrl: ctx.uploadUrl(d.proof_upload),
        status: REVIEW_STATE[d.status],
        reason: d.reason ?? '',
        createdAt: t(d.created_at),
        decidedAt: t(d.decided_at),
      })),
      withdrawals: withdrawals.map((w) => ({
        id: String(w.id),
        orderNo: w.order_no,
        currency: w.currency,
        amount: formatUnits(w.amount),
        bank: w.bank,
        accountNumber: w.account_number,
        status: REVIEW_STATE[w.status],
        reason: w.reason ?? '',
        createdAt: t(w.created_at),
        decidedAt: t(w.decided_at),
      })),
      records: records.rows.map((r) => ({
        id: String(r.id),
        orderNo: r.order_no,
        type: r.type,
        currency: r.currency,
        amount: formatUnits(r.amount),
        balance: formatUnits(r.balance),
        transferId: String(r.transfer_id),
        createdAt: t(r.created_at),
      })),
    };
  }

  return { userInfo, userDetail };
}

export type WalletsService = ReturnType<typeof walletsService>;
