import { adminApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { findField } from '../../../lib/record-fields.ts';

/** POST /users/detail: wallets, ledger history, cards, KYC, loans, invite code, inviter. */
export const userDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['admin', 'user', id ?? ''],
    queryFn: ({ signal }) => call(adminApi.userDetail, { id: id ?? '' }, { signal }),
    enabled: id !== null && id !== '',
  });

export const useUserDetail = (id: string | null) => useQuery(userDetailQuery(id));

/** The drawer's title facts of a `/users/detail` reply: the account, its state and the credit score. */
export function userSummary(data: Record<string, unknown> | undefined) {
  const account = data ? findField(data, ['account', 'username', 'mobile']) : undefined;
  const state = data ? findField(data, ['state']) : undefined;
  const scoreRaw = data ? findField(data, ['credit_score', 'xyf', 'score']) : undefined;
  const creditScore = scoreRaw === undefined || Number.isNaN(Number(scoreRaw)) ? undefined : Number(scoreRaw);
  return { account, state, creditScore };
}
