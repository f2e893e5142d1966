import type { BankAccountType, Database, Db, ReviewStatus, Tx } from '@kabuto/db';
import { REVIEW_CODE } from '@kabuto/domain';
import type { Insertable } from 'kysely';
import {
  countPendingReviews,
  hasPendingReview,
  type QueuePage,
  queuePage,
} from '../../shared/review-queue.ts';

type Q = Db | Tx;

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  Number((await q.executeTakeFirstOrThrow()).n);

// ---------------------------------------------------------------- bank cards

const CARD = [
  'id',
  'user_id',
  'holder',
  'number',
  'bank',
  'branch',
  'branch_code',
  'account_type',
  'created_at',
] as const;

export const listCards = (q: Q, userId: bigint) =>
  q
    .selectFrom('bank_card')
    .select(CARD)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

export const findCard = (q: Q, userId: bigint, id: bigint) =>
  q
    .selectFrom('bank_card')
    .select(CARD)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const countCards = (q: Q, userId: bigint) =>
  count(
    q
      .selectFrom('bank_card')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null),
  );

export const findDuplicateCard = (q: Q, userId: bigint, bank: string, number: string, exceptId?: bigint) => {
  let s = q
    .selectFrom('bank_card')
    .select('id')
    .where('user_id', '=', userId)
    .where('bank', '=', bank)
    .where('number', '=', number)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) s = s.where('id', '!=', exceptId);
  return s.executeTakeFirst();
};

export interface CardValues {
  holder: string;
  number: string;
  bank: string;
  branch: string;
  branch_code: string;
  account_type: BankAccountType;
}

export const insertCard = (q: Q, userId: bigint, v: CardValues, at: Date) =>
  q
    .insertInto('bank_card')
    .values({ user_id: userId, ...v, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateCard = (q: Q, userId: bigint, id: bigint, v: CardValues, at: Date) =>
  q
    .updateTable('bank_card')
    .set({ ...v, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const deleteCard = (q: Q, userId: bigint, id: bigint, at: Date) =>
  q
    .updateTable('bank_card')
    .set({ deleted_at: at, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

// ---------------------------------------------------------------- deposit channels

const CHANNEL = [
  'id',
  'currency',
  'name',
  'account_name',
  'account_number',
  'bank',
  'branch',
  'open_from',
  'open_to',
  'quick',
  'enabled',
  'needs_password',
  'sort',
  'updated_at',
] as const;

export const listChannels = (q: Q, filter: { currency?: string; enabledOnly?: boolean } = {}) => {
  let s = q.selectFrom('deposit_channel').select(CHANNEL);
  if (filter.currency) s = s.where('currency', '=', filter.currency);
  if (filter.enabledOnly) s = s.where('enabled', '=', true);
  return s.orderBy('currency').orderBy('sort').orderBy('id').execute();
};

export const findChannel = (q: Q, id: bigint) =>
  q.selectFrom('deposit_channel').select(CHANNEL).where('id', '=', id).executeTakeFirst();

export interface ChannelValues {
  currency: string;
  name: string;
  account_name: string;
  account_number: string;
  bank: string;
  branch: string;
  open_from: string;
  open_to: string;
  quick: boolean;
  enabled: boolean;
  /** Absent on a save that does not name it: a new channel asks for the password, an edit keeps its choice. */
  needs_password?: boolean;
  sort: number;
}

export const insertChannel = (q: Q, v: ChannelValues, at: Date) =>
  q
    .insertInto('deposit_channel')
    .values({ ...v, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateChannel = (q: Q, id: bigint, v: ChannelValues, at: Date) =>
  q
    .updateTable('deposit_channel')
    .set({ ...v, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();

// ---------------------------------------------------------------- deposits

const DEPOSIT = [
  'd.id',
  'd.order_no',
  'd.user_id',
  'd.currency',
  'd.amount',
  'd.channel_id',
  'd.channel_name',
  'd.proof_upload',
  'd.status',
  'd.reason',
  'd.transfer_id',
  'd.created_at',
  'd.decided_at',
] as const;

export const hasPendingDeposit = (q: Q, userId: bigint) => hasPendingReview(q, 'deposit', userId);

export const insertDeposit = (q: Q, v: Insertable<Database['deposit']>) =>
  q.insertInto('deposit').values(v).returning(['id', 'order_no']).executeTakeFirstOrThrow();

export const userDeposits = (q: Q, userId: bigint, currency?: string, limit = 200) => {
  let s = q.selectFrom('deposit as d').select(DEPOSIT).where('d.user_id', '=', userId);
  if (currency) s = s.where('d.currency', '=', currency);
  return s.orderBy('d.id', 'desc').limit(limit).execute();
};

export const lockDeposit = (tx: Tx, id: bigint) =>
  tx.selectFrom('deposit as d').select(DEPOSIT).where('d.id', '=', id).forUpdate().executeTakeFirst();

export const decideDeposit = (
  tx: Tx,
  id: bigint,
  set: {
    status: ReviewStatus;
    reason: string | null;
    transfer_id: bigint | null;
    decided_at: Date;
    decided_by: bigint;
  },
) => tx.updateTable('deposit').set(set).where('id', '=', id).execute();

export function queueDeposits(q: Q, f: QueuePage) {
  let base = q.selectFrom('deposit as d');
  if (f.status !== 'all') base = base.where('d.status', '=', REVIEW_CODE[f.status]);
  const rows = base
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .leftJoin('operator as o', 'o.id', 'd.decided_by')
    .select([...DEPOSIT, 'u.account', 'o.username as decided_by_name']);
  return queuePage(rows, base, 'd.id', f);
}

// ---------------------------------------------------------------- withdrawals

const WITHDRAWAL = [
  'w.id',
  'w.order_no',
  'w.user_id',
  'w.currency',
  'w.amount',
  'w.bank_card_id',
  'w.holder',
  'w.bank',
  'w.branch',
  'w.branch_code',
  'w.account_number',
  'w.account_type',
  'w.status',
  'w.reason',
  'w.pending_transfer_id',
  'w.resolve_transfer_id',
  'w.created_at',
  'w.decided_at',
] as const;

export const hasPendingWithdrawal = (q: Q, userId: bigint) => hasPendingReview(q, 'withdrawal', userId);

export const insertWithdrawal = (q: Q, v: Insertable<Database['withdrawal']>) =>
  q.insertInto('withdrawal').values(v).returning(['id', 'order_no']).executeTakeFirstOrThrow();

export const setWithdrawalPending = (q: Q, id: bigint, transferId: bigint) =>
  q.updateTable('withdrawal').set({ pending_transfer_id: transferId }).where('id', '=', id).execute();

export const userWithdrawals = (q: Q, userId: bigint, currency?: string, limit = 200) => {
  let s = q.selectFrom('withdrawal as w').select(WITHDRAWAL).where('w.user_id', '=', userId);
  if (currency) s = s.where('w.currency', '=', currency);
  return s.orderBy('w.id', 'desc').limit(limit).execute();
};

export const lockWithdrawal = (tx: Tx, id: bigint) =>
  tx.selectFrom('withdrawal as w').select(WITHDRAWAL).where('w.id', '=', id).forUpdate().executeTakeFirst();

export const decideWithdrawal = (
  tx: Tx,
  id: bigint,
  set: {
    status: ReviewStatus;
    reason: string | null;
    resolve_transfer_id: bigint;
    decided_at: Date;
    decided_by: bigint;
  },
) => tx.updateTable('withdrawal').set(set).where('id', '=', id).execute();

export function queueWithdrawals(q: Q, f: QueuePage) {
  let base = q.selectFrom('withdrawal as w');
  if (f.status !== 'all') base = base.where('w.status', '=', REVIEW_CODE[f.status]);
  const rows = base
    .innerJoin('app_user as u', 'u.id', 'w.user_id')
    .leftJoin('operator as o', 'o.id', 'w.decided_by')
    .select([...WITHDRAWAL, 'u.account', 'o.username as decided_by_name']);
  return queuePage(rows, base, 'w.id', f);
}

export const countPending = (q: Q, table: 'deposit' | 'withdrawal') => countPendingReviews(q, table);

// ---------------------------------------------------------------- exchange

export const insertExchange = (
  q: Q,
  v: {
    order_no: string;
    user_id: bigint;
    from_currency: string;
    to_currency: string;
    from_amount: bigint;
    to_amount: bigint;
    rate: string;
    mid_rate: string;
    spread_ppm: number;
    created_at: Date;
  },
) => q.insertInto('fx_exchange').values(v).returning('id').executeTakeFirstOrThrow();
