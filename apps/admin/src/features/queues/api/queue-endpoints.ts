import { adminApi } from '@kabuto/contract';
import type { QueueName } from '../../../lib/queues.ts';

/** Each review queue's list and decide calls (they share one shape). */
export const QUEUE_ENDPOINTS = {
  kyc: { list: adminApi.kycList, decide: adminApi.kycDecide },
  deposits: { list: adminApi.depositList, decide: adminApi.depositDecide },
  withdrawals: { list: adminApi.withdrawalList, decide: adminApi.withdrawalDecide },
  loans: { list: adminApi.loanList, decide: adminApi.loanDecide },
  daytrades: { list: adminApi.dayTradeList, decide: adminApi.dayTradeDecide },
  margin: { list: adminApi.marginList, decide: adminApi.marginDecide },
} as const satisfies Record<QueueName, unknown>;
