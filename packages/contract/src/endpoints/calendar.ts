import { MARKETS } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body } from '../fields.ts';
import { SESSION_STATES } from './quotes.ts';

const tag = 'content';

/** A day the market does not trade (a weekday) or closes early, from the tables or an operator. */
export const closureRow = z.object({
  date: z.string().describe('exchange-local date YYYY-MM-DD'),
  kind: z.enum(['closed', 'half_day']),
  close: z.string().describe('half_day: the local time trading ends (HH:MM); "" when closed'),
  name: z.string().describe('the holiday or the reason'),
  source: z.enum(['table', 'operator']).describe('the built-in tables or an operator’s closure'),
});

export const calendar = endpoint({
  path: '/common/calendar',
  auth: false,
  tag,
  summary:
    'A market’s trading calendar: the session now, the next open, and the closures (weekday holidays and half days) of the next 90 days, operators’ closures included.',
  body: body({
    type: z.enum(MARKETS, { error: 'validation.invalid' }).default('jpy').describe('jpy | usd | cny | krw'),
  }),
  data: z.object({
    market: z.string(),
    zone: z.string().describe('IANA time zone of the exchange'),
    today: z.string().describe('the exchange-local date now'),
    trading_today: z.boolean().describe('the market holds a session today'),
    session: z.enum(SESSION_STATES),
    next_open: z.number().describe('unix seconds of the next start of continuous trading'),
    closures: z.array(closureRow),
  }),
});
