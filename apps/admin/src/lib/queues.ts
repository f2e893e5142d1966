/** The review queues, in menu order. */
export const QUEUES = ['kyc', 'deposits', 'withdrawals', 'loans', 'daytrades', 'margin'] as const;
export type QueueName = (typeof QUEUES)[number];

export const isQueueName = (v: unknown): v is QueueName =>
  typeof v === 'string' && (QUEUES as readonly string[]).includes(v);

/** Spellings a count may arrive under. */
const ALIASES: Record<QueueName, readonly string[]> = {
  kyc: ['kyc', 'verification', 'verifications'],
  deposits: ['deposits', 'deposit', 'recharge'],
  withdrawals: ['withdrawals', 'withdrawal', 'withdraw'],
  loans: ['loans', 'loan'],
  daytrades: ['daytrades', 'daytrade', 'day_trade'],
  margin: ['margin'],
};

/** A queue's pending count from `/queues/counts`, or undefined when the server did not report it. */
export function queueCount(counts: Record<string, number> | undefined, name: QueueName): number | undefined {
  if (!counts) return undefined;
  for (const k of ALIASES[name]) if (typeof counts[k] === 'number') return counts[k];
  return undefined;
}

/** Counts the server reports that are not one of the four queues (e.g. day-trading later). */
export function otherCounts(counts: Record<string, number> | undefined): [string, number][] {
  if (!counts) return [];
  const known = new Set(Object.values(ALIASES).flat());
  return Object.entries(counts).filter(([k, v]) => !known.has(k) && typeof v === 'number');
}

export const REVIEW_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const isReviewFilter = (v: unknown): v is ReviewFilter =>
  typeof v === 'string' && (REVIEW_FILTERS as readonly string[]).includes(v);
