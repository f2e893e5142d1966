import { MARKETS } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { strictBody as body, halfWidth, lang, text } from '../fields.ts';

/**
 * The operator's shortable list (POST /api/admin<path>, part of `adminApi`, administrators only): per
 * market, the stocks added to (eligible) or removed from (excluded) the default shortable stocks, each
 * with its catalogue name (in the operator’s language) and whether it may be sold short today as the order check decides. A change
 * is audited with its reason and applies to the next order.
 */
const tag = 'admin';

const market = () => z.enum(MARKETS, { error: 'validation.invalid' });
export const SHORTABLE_LISTS = ['eligible', 'excluded'] as const;
const list = () =>
  z
    .enum(SHORTABLE_LISTS, { error: 'validation.invalid' })
    .describe('eligible: added to the defaults (China: also margin-eligible); excluded: removed from them');

const shortableRow = z.object({
  symbol: z.string(),
  name: z
    .string()
    .describe('the catalogue’s name in the request’s `lang`; "" when the catalogue does not list the stock'),
  list: z.enum(SHORTABLE_LISTS).nullable().describe('the list the stock is on; null when on neither'),
  by_default: z.boolean().describe('shortable today without the operator’s list'),
  shortable: z.boolean().describe('shortable today with the list: what an order is checked against'),
});

export const shortableList = endpoint({
  path: '/margin/shortable',
  auth: true,
  tag,
  summary:
    'One market’s shortable list: every stock added (eligible) or excluded, with its name and whether it may be sold short today (the default and with the list); with `symbol`, that stock of the market as well (`check`), whether listed or not (admin only).',
  body: body({
    market: market(),
    symbol: halfWidth(32).optional().describe('a stock to check before adding it'),
    lang: lang(),
  }),
  data: z.object({
    market: z.enum(MARKETS),
    ban: z.boolean().describe('a market-wide ban is in force today (Korea 2023-11-06 – 2025-03-30)'),
    list: z.array(shortableRow),
    check: shortableRow
      .nullable()
      .describe('the stock asked for; null when none was or it is not the market’s'),
  }),
});

export const shortableAdd = endpoint({
  path: '/margin/shortableAdd',
  auth: true,
  tag,
  summary:
    'Add a stock of the market’s catalogue to its eligible or excluded list, with a reason, audited. Refused for a stock the catalogue does not list (trade.unknownSymbol), another market’s (trade.marketMismatch) or one already on either list (admin.shortableListed): a repeated call changes nothing (admin only).',
  body: body({
    market: market(),
    list: list(),
    symbol: halfWidth(32),
    reason: text(500).describe('why (kept in the audit log)'),
  }),
  data: z.null(),
});

export const shortableRemove = endpoint({
  path: '/margin/shortableRemove',
  auth: true,
  tag,
  summary:
    'Take a stock off the market’s eligible or excluded list (its default applies again), with a reason, audited. Refused when it is not on that list (admin.shortableNotListed): a repeated call changes nothing (admin only).',
  body: body({
    market: market(),
    list: list(),
    symbol: halfWidth(32),
    reason: text(500).describe('why (kept in the audit log)'),
  }),
  data: z.null(),
});
