import { CURRENCIES } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  amount,
  body,
  MONEY_LIST_SIZE,
  wireMoney as money,
  paging,
  wireUnix as unix,
  unixOrNull,
  wallet,
} from '../fields.ts';

/** Loans: the terms before applying, applying, repaying and the loan list of a wallet. */
const tag = 'funds';

export const info = endpoint({
  path: '/user/loaninfo',
  auth: true,
  tag,
  summary:
    'Loan terms before applying: credit score, limit, borrowed, available, annual rate and the interest a given amount would cost per day and per 30 days.',
  body: body({ type: wallet(), money: amount().optional() }),
  data: z.object({
    type: z.enum(CURRENCIES),
    xyf: z.number().describe('credit score'),
    kjed: money.describe('loan limit'),
    yjed: money.describe('borrowed (unpaid principal)'),
    available: money,
    rate: z.string().describe('annual interest rate in percent'),
    pending: z.boolean().describe('an application awaits review'),
    unpaid: z.boolean(),
    daily_interest: money.optional(),
    interest_30d: money.optional(),
    verified: z.boolean().describe('identity verified (Kabuto extension)'),
    limit_source: z
      .enum(['operator', 'rule', 'none'])
      .describe("Kabuto extension: the limit is an operator's, the credit-score rule's, or none yet"),
    tiers: z
      .array(z.object({ score: z.number(), limit: money }))
      .describe(
        'Kabuto extension: the starting-limit rule of verified users in this wallet (the highest tier the score reaches)',
      ),
  }),
});

export const apply = endpoint({
  path: '/user/to_jq',
  auth: true,
  money: true,
  tag,
  summary:
    'Apply for a loan (≤ available limit, no pending application, no unpaid loan when configured). Money moves when an operator approves.',
  body: body({ type: wallet(), money: amount() }),
  data: z.object({ id: z.string(), order_number: z.string() }),
});

export const repay = endpoint({
  path: '/user/to_hq',
  auth: true,
  money: true,
  tag,
  summary:
    'Repay the wallet’s unpaid loans in full: `money` must be at least principal + interest; exactly that is charged.',
  body: body({ type: wallet(), money: amount() }),
  data: z.object({ order_number: z.string(), principal: money, interest: money, total: money }),
});

const loanRow = z.object({
  id: z.string(),
  order_number: z.string(),
  type: z.enum(CURRENCIES),
  money,
  rate: z.string().describe('annual rate in percent'),
  interest: money.describe('accrued (unpaid) or paid (repaid) interest'),
  status: z.number().describe('0 pending review, 1 borrowed (unpaid), 2 rejected, 3 repaid'),
  reason: z.string(),
  create_time: unix,
  check_time: unixOrNull,
  repay_time: unixOrNull,
});

export const list = endpoint({
  path: '/user/loanlist',
  auth: true,
  tag,
  summary: 'Loan applications and loans of a wallet, newest first (page / size).',
  body: body({ type: wallet(), ...paging(MONEY_LIST_SIZE) }),
  data: z.array(loanRow),
});
