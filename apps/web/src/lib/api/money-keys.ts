import type { Currency } from '@kabuto/domain';

/** Query keys of the money screens; `['money']` covers them all. */
export const moneyKeys = {
  all: ['money'] as const,
  cards: ['money', 'cards'] as const,
  channels: (type: Currency) => ['money', 'channels', type] as const,
  deposits: ['money', 'deposits'] as const,
  withdrawals: (type: Currency) => ['money', 'withdrawals', type] as const,
  loanInfo: (type: Currency) => ['money', 'loan', type] as const,
  loans: (type: Currency) => ['money', 'loans', type] as const,
  records: ['money', 'records'] as const,
  positions: (type: string) => ['positions', 'summary', type] as const,
};
