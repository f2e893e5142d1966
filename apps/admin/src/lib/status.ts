/** A review status however the server spells it: 0/1/2, "pending", "verified", "review"… */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

const PENDING = new Set([
  '0',
  'pending',
  'review',
  'in_review',
  'under_review',
  'reviewing',
  'submitted',
  'applied',
]);
const APPROVED = new Set(['1', 'approved', 'verified', 'passed', 'done', 'success', 'completed', 'paid']);
const REJECTED = new Set(['2', 'rejected', 'refused', 'denied', 'failed', 'cancelled', 'void', 'voided']);

export function reviewStatus(value: unknown): ReviewStatus | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim().toLowerCase();
  if (PENDING.has(s)) return 'pending';
  if (APPROVED.has(s)) return 'approved';
  if (REJECTED.has(s)) return 'rejected';
  return null;
}

/** antd Tag colour for a status-like value. */
export function statusColor(value: unknown): string {
  const s = String(value ?? '').toLowerCase();
  const review = reviewStatus(value);
  if (review === 'pending') return 'gold';
  if (review === 'approved' || s === 'active') return 'green';
  if (review === 'rejected' || s === 'banned') return 'red';
  if (s === 'frozen') return 'blue';
  if (s === 'restricted') return 'orange';
  return 'default';
}
