import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  amount,
  strictBody as body,
  currency,
  id,
  LOAN_LIMIT_MAX,
  optionalText,
  text,
  verbatim,
} from '../fields.ts';
import { operatorLoginData } from './security.ts';

/**
 * The back-office API: POST /api/admin<path>, JSON, header `authorization: Bearer <token>`
 * (operator token from /auth/login). Same envelope as the user API. Every action that changes
 * something is written to the append-only audit log with the operator, time, what and why.
 * Roles: reviewer (queues), operator (+ users, products, content), admin (+ operators, config).
 */
const tag = 'admin';

export * from './calendar-admin.ts';
export * from './jobs-admin.ts';
export * from './margin-admin.ts';
export const OPERATOR_ROLES = ['reviewer', 'operator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const page = () => ({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(200).default(20),
});
const reason = () => text(500).describe('why (shown to the user on rejection, kept in the audit log)');
const decision = () =>
  body({
    id: id(),
    approve: z.boolean({ error: 'validation.invalid' }),
    reason: optionalText(500).describe('required when rejecting'),
  });

export const login = endpoint({
  path: '/auth/login',
  auth: false,
  tag,
  summary: 'Operator login (5 wrong passwords lock for 15 minutes).',
  body: body({ username: text(64), password: text(64) }),
  data: operatorLoginData,
});
export const logout = endpoint({
  path: '/auth/logout',
  auth: true,
  tag,
  summary: 'Revoke the operator token.',
  body: body({}),
  data: z.null(),
});
export const me = endpoint({
  path: '/auth/me',
  auth: true,
  tag,
  summary: 'The logged-in operator.',
  body: body({}),
  data: z.object({ username: z.string(), role: z.enum(OPERATOR_ROLES) }),
});

/** Counts of what waits for review, for the badges. */
export const queueCounts = endpoint({
  path: '/queues/counts',
  auth: true,
  tag,
  summary: 'Pending counts: kyc, deposits, withdrawals, loans (and later day-trading).',
  body: body({}),
  data: z.record(z.string(), z.number()),
});

/** What every review queue's row carries, beside its own fields. */
const reviewRow = {
  id: z.string(),
  user_id: z.string(),
  account: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().describe('the rejection reason, else ""'),
  create_time: z.number(),
  decide_time: z.number().nullable(),
  decided_by: z.string().describe('the deciding operator, "" while pending'),
};
const queueList = <S extends z.ZodRawShape>(name: string, summary: string, row: S) =>
  endpoint({
    path: `/${name}/list`,
    auth: true,
    tag,
    summary,
    body: body({ status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'), ...page() }),
    data: z.object({ list: z.array(z.object(reviewRow).extend(row)), total: z.number() }),
  });
const queueDecide = (name: string, summary: string) =>
  endpoint({ path: `/${name}/decide`, auth: true, tag, summary, body: decision(), data: z.null() });

export const kycList = queueList('kyc', 'Identity submissions with image URLs (served to operators only).', {
  realname: z.string(),
  id_card: z.string(),
  front_url: z.string().describe('signed image URL'),
  back_url: z.string().describe('signed image URL'),
});
export const kycDecide = queueDecide(
  'kyc',
  'Approve or reject a KYC submission; refused when already decided.',
);
export const marginList = queueList('margin', 'Margin account applications with the suitability answers.', {
  experience: z.string(),
  assets: z.string(),
  income: z.string(),
  risks_understood: z.boolean(),
  legacy: z.boolean().describe('opened for positions held before margin accounts existed'),
});
export const marginDecide = queueDecide(
  'margin',
  'Approve (the user may trade above 1× and short) or reject a margin account application, audited.',
);
export const marginCalls = endpoint({
  path: '/margin/calls',
  auth: true,
  tag,
  summary: 'Margin calls, by deadline: open ones (the default) or all.',
  body: body({ status: z.enum(['open', 'met', 'closed', 'all']).default('open'), ...page() }),
  data: z.object({
    list: z.array(
      z.object({
        id: z.string(),
        user_id: z.string(),
        account: z.string(),
        market: z.string(),
        amount: z.string(),
        ratio: z.string().describe('percent when issued'),
        deadline: z.number(),
        status: z.enum(['open', 'met', 'closed']),
        create_time: z.number(),
        resolve_time: z.number().nullable(),
      }),
    ),
  }),
});
export const marginPremium = endpoint({
  path: '/margin/setPremium',
  auth: true,
  tag,
  summary:
    'Set one stock’s 逆日歩 (premium charged to shorts when borrow is scarce), an amount per share per day in the market’s currency, or remove it (premium ""); with a reason, audited. Shorts on the stock are charged it from the next day accrued, on top of the lending fee.',
  body: body({
    symbol: text(32),
    premium: z
      .string({ error: 'validation.required' })
      .trim()
      .regex(/^(|\d{1,6}(\.\d{1,4})?)$/, 'validation.invalid'),
    reason: text(500),
  }),
  data: z.null(),
});
export const marginPremiums = endpoint({
  path: '/margin/premiums',
  auth: true,
  tag,
  summary:
    'The stocks with a 逆日歩 set (amount per share per day), and the yearly rates of margin interest and the short lending fee per market.',
  body: body({}),
  data: z.object({
    premiums: z.array(z.object({ symbol: z.string(), market: z.string(), premium: z.string() })),
    rates: z.array(z.object({ market: z.string(), interest: z.string(), short_fee: z.string() })),
  }),
});
const moneyRow = { order_number: z.string(), currency: z.string(), amount: z.string() };
export const depositList = queueList('deposits', 'Deposit requests with the transfer-proof image URL.', {
  ...moneyRow,
  channel_id: z.string(),
  channel: z.string(),
  proof_url: z.string().describe('signed image URL'),
});
export const depositDecide = queueDecide(
  'deposits',
  'Approve (posts bank → user cash) or reject with a reason.',
);
export const withdrawalList = queueList(
  'withdrawals',
  'Withdrawal requests with the destination bank account.',
  {
    ...moneyRow,
    holder: z.string(),
    bank: z.string(),
    branch: z.string(),
    branch_code: z.string(),
    account_number: z.string(),
    account_type: z.string(),
  },
);
export const withdrawalDecide = queueDecide(
  'withdrawals',
  'Approve (posts the pending transfer) or reject (voids it).',
);
export const loanList = queueList('loans', 'Loan applications.', {
  ...moneyRow,
  status: z.enum(['pending', 'approved', 'rejected', 'repaid']).describe('repaid: approved, then paid back'),
  rate: z.string().describe('annual rate, %'),
  credit_score: z.number(),
  limit: z.string().describe('the user’s loan limit in that currency'),
  borrowed: z.string().describe('unpaid principal in that currency'),
});
export const loanDecide = queueDecide('loans', 'Approve (platform lends) or reject with a reason.');

export const dayTradeList = queueList(
  'daytrades',
  'Day-trading applications with the suitability checks (KYC verified, not restricted, no unpaid loan).',
  {
    ...moneyRow,
    stage: z
      .enum(['review', 'approved', 'rejected', 'trading', 'complete', 'failed'])
      .describe('the application’s own state'),
    trade_date: z.string(),
    kyc: z.boolean().describe('identity verified'),
    restricted: z.boolean().describe('the account may not trade'),
    unpaid_loan: z.boolean().describe('a loan is unpaid'),
    payout: z.string().describe('what the settlement returned ("0" before)'),
    pnl: z.string().describe('the day’s realised P&L ("0" before the settlement)'),
  },
);
export const dayTradeDecide = queueDecide(
  'daytrades',
  'Approve (the held amount becomes the day’s line; refused unless suitable) or reject with a reason (the hold is voided).',
);

/** An image stored by /common/upload1, as operators see it (the bytes come back with its content type). */
export const upload = { path: '/uploads/:name', method: 'GET' } as const;

export const userList = endpoint({
  path: '/users/list',
  auth: true,
  tag,
  summary: 'Search users by account, invite code or real name.',
  body: body({
    q: optionalText(64),
    state: z.enum(['active', 'frozen', 'banned', 'restricted', 'all']).default('all'),
    ...page(),
  }),
  data: z.object({
    list: z.array(
      z.object({
        id: z.string(),
        account: z.string(),
        realname: z.string(),
        is_true: z.number().describe('verification: 0 none, 1 verified, 2 rejected, 3 under review'),
        state: z.enum(['active', 'frozen', 'banned', 'restricted']),
        state_reason: z.string(),
        invite_code: z.string(),
        inviter: z.string().describe('the inviter’s account, "" when none'),
        jpy: z.string().describe('available yen'),
        create_time: z.number(),
      }),
    ),
    total: z.number(),
  }),
});
export const userDetail = endpoint({
  path: '/users/detail',
  auth: true,
  tag,
  summary: 'One user: wallets, ledger history, bank cards, KYC, loans, invite code, inviter.',
  body: body({ id: id() }),
  data: z.record(z.string(), z.unknown()),
});
export const userSetState = endpoint({
  path: '/users/state',
  auth: true,
  tag,
  summary: 'Set active / frozen / banned / restricted with a reason (frozen and banned end sessions).',
  body: body({
    id: id(),
    state: z.enum(['active', 'frozen', 'banned', 'restricted'], { error: 'validation.invalid' }),
    reason: reason(),
  }),
  data: z.null(),
});
export const userSetCredit = endpoint({
  path: '/users/credit',
  auth: true,
  tag,
  summary: 'Set credit score and the loan limit of one currency.',
  body: body({
    id: id(),
    score: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(1000),
    currency: currency(),
    limit: amount(LOAN_LIMIT_MAX).optional(),
    reason: reason(),
  }),
  data: z.null(),
});
export const userMessage = endpoint({
  path: '/users/message',
  auth: true,
  tag,
  summary: 'Send a site message to one user.',
  body: body({ id: id(), title: text(200), content: text(5000) }),
  data: z.null(),
});

export const configList = endpoint({
  path: '/config/list',
  auth: true,
  tag,
  summary: 'Every setting with its value, default and description.',
  body: body({}),
  data: z.array(
    z.object({
      name: z.string(),
      value: z.string(),
      default: z.string(),
      description: z.string(),
      public: z.boolean(),
    }),
  ),
});
export const configSet = endpoint({
  path: '/config/set',
  auth: true,
  tag,
  summary: 'Change one setting (validated by its schema).',
  body: body({
    name: text(64),
    value: verbatim(20_000),
    reason: reason(),
  }),
  data: z.null(),
});

export const channelList = endpoint({
  path: '/channels/list',
  auth: true,
  tag,
  summary: 'Deposit channels per currency.',
  body: body({}),
  data: z.array(
    z.object({
      id: z.string(),
      currency: z.string(),
      name: z.string(),
      account_name: z.string(),
      account_number: z.string(),
      bank: z.string(),
      branch: z.string(),
      open_from: z.string().describe('HH:MM JST'),
      open_to: z.string().describe('HH:MM JST'),
      quick: z.boolean().describe('open every day within its window, else Japanese business days only'),
      enabled: z.boolean(),
      needs_password: z.boolean().describe('a deposit through it asks for the channel password'),
      sort: z.number(),
      open: z.boolean().describe('open now'),
      update_time: z.number(),
    }),
  ),
});
export const channelSave = endpoint({
  path: '/channels/save',
  auth: true,
  tag,
  summary: 'Create or edit a deposit channel (id absent = create).',
  body: body({
    id: id().optional(),
    currency: currency(),
    name: text(60),
    account_name: text(100),
    account_number: text(40),
    bank: text(100),
    branch: text(100),
    open_from: text(5).regex(/^\d{2}:\d{2}$/, 'validation.invalid'),
    open_to: text(5).regex(/^\d{2}:\d{2}$/, 'validation.invalid'),
    enabled: z.boolean({ error: 'validation.invalid' }),
    quick: z
      .boolean({ error: 'validation.invalid' })
      .default(false)
      .describe('quick top-up: open every day within its window, not only on Japanese business days'),
    needs_password: z
      .boolean({ error: 'validation.invalid' })
      .optional()
      .describe(
        'whether a deposit through it asks for the channel password (new channels: yes; edits: unchanged)',
      ),
    sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(999).default(0),
    reason: reason(),
  }),
  data: z.object({ id: z.string() }),
});

export const auditList = endpoint({
  path: '/audit/list',
  auth: true,
  tag,
  summary: 'The audit log, newest first (append-only).',
  body: body({ q: optionalText(64), ...page() }),
  data: z.object({
    list: z.array(
      z.object({
        id: z.string(),
        operator: z.string(),
        action: z.string(),
        target: z.string(),
        reason: z.string(),
        detail: z.string(),
        create_time: z.number(),
      }),
    ),
    total: z.number(),
  }),
});

export const reconcile = endpoint({
  path: '/ledger/reconcile',
  auth: true,
  tag,
  summary: 'Run the ledger invariants now and return the report.',
  body: body({}),
  data: z.object({
    ok: z.boolean(),
    checkedAt: z.number(),
    checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
  }),
});

export const operatorList = endpoint({
  path: '/operators/list',
  auth: true,
  tag,
  summary: 'Operators (admin only).',
  body: body({}),
  data: z.array(
    z.object({ id: z.string(), username: z.string(), role: z.enum(OPERATOR_ROLES), disabled: z.boolean() }),
  ),
});
export const operatorSave = endpoint({
  path: '/operators/save',
  auth: true,
  tag,
  summary: 'Create an operator or change role / password / disabled (admin only).',
  body: body({
    id: id().optional(),
    username: text(64),
    role: z.enum(OPERATOR_ROLES, { error: 'validation.invalid' }),
    password: optionalText(64),
    disabled: z.boolean({ error: 'validation.invalid' }).default(false),
    reason: reason(),
  }),
  data: z.object({ id: z.string() }),
});
