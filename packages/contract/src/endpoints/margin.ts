import { MARGIN_ASSETS, MARGIN_EXPERIENCE, MARGIN_INCOME } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { accepted, body, market, wireMoney as money } from '../fields.ts';

/**
 * Kabuto extension: the margin account (信用取引口座). Every user has a cash account (a 1× long is a
 * fully paid purchase); trading above 1× or selling short needs a margin account, opened on application
 * (the suitability questions and the agreement) after an operator's review. Each market's wallet is one
 * margin book: its maintenance ratio (委託保証金維持率) is (collateral − net unrealised loss) / the margin
 * positions' contract value; below the maintenance line a margin call (追証) with a deadline is issued.
 */
const tag = 'margin';

const call = z.object({
  id: z.string(),
  type: z.string().describe('the market / wallet of the book'),
  amount: money.describe('what to deposit to bring the ratio back to the maintenance line'),
  ratio: z.string().describe('the maintenance ratio when the call was issued, percent with 2 decimals'),
  deadline: z.number().describe('unix seconds: noon (market time) of the second trading day after the call'),
  status: z.enum(['open', 'met', 'closed']),
  create_time: z.number(),
});

const book = z.object({
  type: z.string().describe('the market / wallet'),
  collateral: money.describe(
    'cash plus the margin held by margin positions, less their costs accrued and not yet charged (`financing`)',
  ),
  notional: money.describe('the margin positions’ contract value (建玉代金)'),
  pnl: money.describe('their net unrealised P&L at current prices'),
  ratio: z
    .string()
    .nullable()
    .describe('the maintenance ratio, percent with 2 decimals; null without margin positions'),
  positions: z.number(),
  financing: money.describe(
    'the costs of the open margin positions accrued to date and not yet charged (buy-side interest, short lending fee, 逆日歩), at full precision; counted against the collateral in the ratio',
  ),
});

export const state = z.object({
  status: z
    .enum(['none', 'pending', 'approved', 'rejected'])
    .describe('the margin account: none (not applied), under review, open, or the last application rejected'),
  legacy: z.number().describe('1: opened automatically for positions held before margin accounts existed'),
  reason: z.string().describe('the rejection reason, else ""'),
  line: z.string().describe('the maintenance line, percent'),
  emergency: z.string().describe('the emergency floor, percent: below it positions are closed at once'),
  min_collateral: money.describe('the minimum collateral to open margin positions in the asked wallet'),
  books: z.array(book),
  calls: z.array(call).describe('open margin calls first, then the last resolved ones'),
});

export const account = endpoint({
  path: '/user/margin_account',
  auth: true,
  tag,
  summary:
    'Kabuto extension. The user’s margin account: its status, each market’s book (collateral, contract value, unrealised P&L, maintenance ratio) and the margin calls (amount, deadline).',
  body: body({ type: market() }),
  data: state,
});

export const apply = endpoint({
  path: '/user/margin_apply',
  auth: true,
  tag,
  summary:
    'Kabuto extension. Apply for a margin account: years of stock trading experience, financial assets, yearly income, the risks understood and the margin agreement accepted. Refused without experience, with assets under ¥500,000, or while an application is pending or approved.',
  body: body({
    experience: z.enum(MARGIN_EXPERIENCE, { error: 'validation.invalid' }),
    assets: z.enum(MARGIN_ASSETS, { error: 'validation.invalid' }),
    income: z.enum(MARGIN_INCOME, { error: 'validation.invalid' }),
    risks: accepted('margin.risksNotUnderstood'),
    agreement: accepted('margin.agreementRequired'),
  }),
  data: state,
});
