import { isLocalDate, MARKETS } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { strictBody as body, halfWidth, id, text } from '../fields.ts';
import { closureRow } from './calendar.ts';

/**
 * Operators' market closures (POST /api/admin<path>, part of `adminApi`): a holiday or a half day a
 * market's tables do not know yet, effective at once in every process, audited.
 */
const tag = 'admin';

const localDate = () =>
  halfWidth(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .refine(isLocalDate, 'validation.invalid')
    .describe('exchange-local date YYYY-MM-DD');

export const closureList = endpoint({
  path: '/calendar/closures',
  auth: true,
  tag,
  summary: 'Operators’ closures, newest date first (all markets, or one).',
  body: body({ market: z.enum(MARKETS, { error: 'validation.invalid' }).optional() }),
  data: z.array(
    closureRow.omit({ source: true }).extend({
      id: z.string(),
      market: z.string(),
      reason: z.string(),
      created_by: z.string(),
      create_time: z.number().describe('unix seconds'),
    }),
  ),
});

export const closureAdd = endpoint({
  path: '/calendar/closureAdd',
  auth: true,
  tag,
  summary:
    'Add a closure: the market does not trade that day (closed), or trading ends at `close` (half_day, exchange-local HH:MM inside the day’s session). Today or later; one per market and day.',
  body: body({
    market: z.enum(MARKETS, { error: 'validation.invalid' }),
    date: localDate(),
    kind: z.enum(['closed', 'half_day'], { error: 'validation.invalid' }),
    close: halfWidth(5)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid')
      .optional()
      .describe('half_day: HH:MM'),
    name: text(100).describe('what the day is (shown to users)'),
    reason: text(500).describe('why (kept in the audit log)'),
  }),
  data: z.object({ id: z.string() }),
});

export const closureRemove = endpoint({
  path: '/calendar/closureRemove',
  auth: true,
  tag,
  summary: 'Remove an operator’s closure (the day trades again as its tables say).',
  body: body({ id: id(), reason: text(500) }),
  data: z.null(),
});
