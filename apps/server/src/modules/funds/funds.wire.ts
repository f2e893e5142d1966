import type { BodyOf, DataOf, fundsApi } from '@kabuto/contract';
import { formatUnits } from '@kabuto/domain';
import type { CardInput } from './cards.service.ts';
import type { DepositInput, DepositRow, DepositsService } from './deposits.service.ts';
import type { FundsDetail } from './wallets.service.ts';
import type { WithdrawalInput, WithdrawalsService } from './withdrawals.service.ts';

/** The funds area's contract names (the family's pinyin) to and from the services' English ones. */

export const cardInput = (b: BodyOf<typeof fundsApi.addCard>): CardInput => ({
  holder: b.realname,
  number: b.bank_num,
  bank: b.bank_name,
  branch: b.bank_address,
  branchCode: b.bank_code,
  accountType: b.account_type,
});

export const exchangeInput = (b: BodyOf<typeof fundsApi.exchange>) => ({
  amount: b.money,
  from: b.from,
  to: b.to,
});

export const depositInput = (b: BodyOf<typeof fundsApi.depositCheck>): DepositInput => ({
  amount: b.money,
  currency: b.type,
  channelPassword: b.rpassword,
  channelId: b.channel,
});

export const depositSubmission = (b: BodyOf<typeof fundsApi.deposit>) => ({
  amount: b.money,
  currency: b.type,
  channelPassword: b.rpassword,
  channelId: b.channel,
  proofUpload: b.rjpz,
});

export const withdrawalInput = (b: BodyOf<typeof fundsApi.withdraw>): WithdrawalInput => ({
  amount: b.money,
  cardId: b.bankid,
  fundPassword: b.passwords,
  currency: b.type,
});

/** /user/rechargelist's row: the proof as `rjpz` (its path) and `rjpz_url` (signed). */
export const depositRow = (d: DepositRow): DataOf<typeof fundsApi.deposits>[number] => ({
  id: d.id,
  order_number: d.orderNo,
  type: d.currency,
  money: d.amount,
  status: d.status,
  reason: d.reason,
  channel: d.channel,
  rjpz: d.proofPath,
  rjpz_url: d.proofUrl,
  create_time: d.createdAt,
  check_time: d.decidedAt,
});

/** The funds sections of the back office's user page: `cards`, `deposits`, `withdrawals`, `records`. */
export const fundsDetailSections = (f: FundsDetail) => ({
  cards: f.cards.map((c) => ({
    id: c.id,
    holder: c.holder,
    number: c.number,
    bank: c.bank,
    branch: c.branch,
    branch_code: c.branchCode,
    account_type: c.accountType,
    create_time: c.createdAt,
  })),
  deposits: f.deposits.map((d) => ({
    id: d.id,
    order_number: d.orderNo,
    currency: d.currency,
    amount: d.amount,
    channel: d.channel,
    proof_url: d.proofUrl,
    status: d.status,
    reason: d.reason,
    create_time: d.createdAt,
    decide_time: d.decidedAt,
  })),
  withdrawals: f.withdrawals.map((w) => ({
    id: w.id,
    order_number: w.orderNo,
    currency: w.currency,
    amount: w.amount,
    bank: w.bank,
    account_number: w.accountNumber,
    status: w.status,
    reason: w.reason,
    create_time: w.createdAt,
    decide_time: w.decidedAt,
  })),
  records: f.records.map((r) => ({
    id: r.id,
    order_number: r.orderNo,
    type: r.type,
    currency: r.currency,
    amount: r.amount,
    balance: r.balance,
    transfer_id: r.transferId,
    create_time: r.createdAt,
  })),
});

type Result<K extends keyof DepositsService> = Awaited<ReturnType<DepositsService[K]>>;

/** `/common/recharge_channel`'s row: the wallet as `type`, the window as `open_from`/`open_to`, `quick` every day. */
export const channelRow = (
  c: Result<'channels'>[number],
): DataOf<typeof fundsApi.depositChannels>[number] => ({
  id: c.id,
  type: c.currency,
  name: c.name,
  account_name: c.accountName,
  account_number: c.accountNumber,
  bank: c.bank,
  branch: c.branch,
  open_from: c.opensAt,
  open_to: c.closesAt,
  quick: c.everyDay,
  open: c.open,
  needs_password: c.needsPassword,
  bankname: c.bank,
  bankcard: c.accountNumber,
  min: c.min,
  max: c.max,
});

/** `/user/ischongzhi`: the amount as `money`, the wallet as `type`, and its limits. */
export const precheckReply = (p: Result<'precheck'>): DataOf<typeof fundsApi.depositCheck> => ({
  money: p.amount,
  type: p.currency,
  min: p.min,
  max: p.max,
});

/** `/user/chongzhi` (and `/user/withdrawal`): the request's id and order number. */
export const filedReply = (r: { id: string; orderNo: string }) => ({ id: r.id, order_number: r.orderNo });

/** `/user/withdrawallist`'s row: the amount as `money`, the bank as `bank_name`, the masked number `bank_num`. */
export const withdrawalRow = (
  w: Awaited<ReturnType<WithdrawalsService['list']>>[number],
): DataOf<typeof fundsApi.withdrawals>[number] => ({
  id: w.id,
  order_number: w.orderNo,
  type: w.currency,
  money: w.amount,
  status: w.status,
  reason: w.reason,
  bank_name: w.bank,
  bank_num: w.accountNumber,
  create_time: w.createdAt,
  check_time: w.decidedAt,
});

/** `/user/withdrawable`: the wallet's withdrawable cash and its unsettled sale proceeds by date. */
export const withdrawableReply = (
  w: Awaited<ReturnType<WithdrawalsService['withdrawable']>>,
): DataOf<typeof fundsApi.withdrawable> => ({
  type: w.currency,
  available: formatUnits(w.available),
  withdrawable: formatUnits(w.withdrawable),
  unsettled: w.pending.map((p) => ({ money: formatUnits(p.amount), settle_date: p.settlesOn })),
});
