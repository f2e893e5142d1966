import type { BodyOf, DataOf, fundsApi } from '@kabuto/contract';
import type { CardInput } from './cards.service.ts';
import type { DepositInput, DepositRow } from './deposits.service.ts';
import type { WithdrawalInput } from './withdrawals.service.ts';

/** The funds area's contract names (the family's pinyin) to and from the services' English ones. */

export const cardInput = (b: BodyOf<typeof fundsApi.addCard>): CardInput => ({
  holder: b.realname,
  number: b.bank_num,
  bank: b.bank_name,
  branch: b.bank_address,
  branchCode: b.bank_code,
  accountType: b.account_type,
});

export const exchangeInput = (b: BodyOf<typeof fundsApi.rotation>) => ({
  amount: b.money,
  from: b.from,
  to: b.to,
});

export const depositInput = (b: BodyOf<typeof fundsApi.ischongzhi>): DepositInput => ({
  amount: b.money,
  currency: b.type,
  channelPassword: b.rpassword,
  channelId: b.channel,
});

export const depositSubmission = (b: BodyOf<typeof fundsApi.chongzhi>) => ({
  amount: b.money,
  currency: b.type,
  channelPassword: b.rpassword,
  channelId: b.channel,
  proofUpload: b.rjpz,
});

export const withdrawalInput = (b: BodyOf<typeof fundsApi.withdrawal>): WithdrawalInput => ({
  amount: b.money,
  cardId: b.bankid,
  fundPassword: b.passwords,
  currency: b.type,
});

/** /user/rechargelist's row: the proof as `rjpz` (its path) and `rjpz_url` (signed). */
export const depositRow = (d: DepositRow): DataOf<typeof fundsApi.rechargelist>[number] => ({
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
