import type { BodyOf, fundsApi } from '@kabuto/contract';
import type { CardInput } from './cards.service.ts';
import type { DepositInput } from './deposits.service.ts';
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
