import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  body,
  id,
  lang,
  market,
  wireMoney as money,
  optionalText,
  paging,
  strictBody,
  text,
  wireUnix as unix,
  wireNum,
} from '../fields.ts';

/**
 * Stock lending (貸株): a fully paid long position (leverage 1) is lent to the platform at the
 * instrument's annual rate; the fee accrues daily on the closing value (actual/365, calendar days at the
 * last close) and is paid to cash monthly or at the recall as "stock lending". Times are unix seconds.
 */
const tag = 'trading';
const percent = z.string().describe('annual rate, percent with 2 decimals ("0.10")');

export const lendableRow = z.object({
  id: z.string().describe('position id (lend_stock id)'),
  stock_name: z.string(),
  stock_code: z.string(),
  market: z.string(),
  stock_num: z.string().describe('shares'),
  nowprice: wireNum('current price (the last close outside the session)'),
  value: wireNum('market value: price × shares'),
  rate: percent,
  lent: z.number().describe('1 while lent, 0 otherwise'),
  lend_id: z.string().describe('the open loan’s id (recall_stock id) while lent, "" otherwise'),
  source: z.string().describe('order, new_share, block or after_market'),
});

export const lendable = endpoint({
  path: '/trade/lendlist',
  auth: true,
  tag,
  summary:
    'Lendable holdings of a market: the fully paid long positions (leverage 1, holding), lent or not, with the annual lending rate of each instrument.',
  body: body({ type: market(), lang: lang() }),
  data: z.array(lendableRow),
});

export const lend = endpoint({
  path: '/trade/lend_stock',
  auth: true,
  tag,
  summary:
    'Lend a fully paid long position (id: position id) at its instrument’s annual rate. Refused: not fully paid, already lent, closed, not found.',
  body: body({ id: id(), type: market().optional() }),
  data: z.object({ id: z.string().describe('the loan id'), rate: percent }),
});

export const recall = endpoint({
  path: '/trade/recall_stock',
  auth: true,
  money: true,
  tag,
  summary:
    'Recall a loan (id: loan id): the closes since the last accrual are accrued and everything unpaid is paid to cash as "stock lending".',
  body: body({ id: id(), type: market().optional() }),
  data: z.object({ id: z.string(), paid: money.describe('paid to cash now') }),
});

export const lendRecordRow = z.object({
  id: z.string(),
  position_id: z.string(),
  stock_name: z.string(),
  stock_code: z.string(),
  market: z.string(),
  stock_num: z.string().describe('shares lent'),
  rate: percent,
  accrued: money.describe('fee accrued so far'),
  paid: money.describe('fee paid to cash so far'),
  status: z.number().describe('0 lent, 1 recalled'),
  recall_reason: z.string().describe('"user", "sell" (recalled by the sell) or ""'),
  accrued_through: z.string().describe('last calendar day accrued (YYYY-MM-DD), "" before the first close'),
  create_time: unix,
  recall_time: z.number().nullable(),
});

export const loans = endpoint({
  path: '/trade/userlendlist',
  auth: true,
  tag,
  summary: 'Lending records of a market, newest first.',
  body: body({ type: market(), lang: lang(), ...paging(50) }),
  data: z.array(lendRecordRow),
});

// ---------------------------------------------------------------- back office (POST /api/admin<path>)

const adminPage = () => ({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(200).default(20),
});
const adminList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number() });

export const adminLoans = endpoint({
  path: '/lending/loans',
  auth: true,
  tag: 'admin',
  summary:
    'Loans of shares, newest first, filtered by status (0 lent, 1 recalled), market, account or symbol; each stock’s catalogue name in the request’s `lang`.',
  body: strictBody({
    status: z.enum(['lent', 'recalled', 'all'], { error: 'validation.invalid' }).default('all'),
    market: z.enum(['jpy', 'usd', 'cny', 'krw', 'all'], { error: 'validation.invalid' }).default('all'),
    account: optionalText(64),
    symbol: optionalText(32),
    lang: lang(),
    ...adminPage(),
  }),
  data: adminList,
});

export const adminRates = endpoint({
  path: '/lending/rates',
  auth: true,
  tag: 'admin',
  summary:
    'The lending rate of every stock of a market: its catalogue name in the request’s `lang`, its market cap, the rate and whether it comes from the cap tiers or the symbol’s own rate; the tiers.',
  body: strictBody({
    market: z.enum(['jpy', 'usd', 'cny', 'krw'], { error: 'validation.invalid' }),
    lang: lang(),
  }),
  data: z.object({
    tiers: z.array(z.object({ min_cap: z.string(), rate: z.string() })),
    list: z.array(
      z.object({
        symbol: z.string(),
        name: z.string().describe('the catalogue’s name in the request’s `lang`'),
        market_cap: z.string(),
        rate: z.string(),
        source: z.enum(['tier', 'symbol']),
      }),
    ),
  }),
});

export const adminSetRate = endpoint({
  path: '/lending/setRate',
  auth: true,
  tag: 'admin',
  summary:
    'Set one stock’s lending rate (percent, at most 20) over its tier, or remove it (rate ""); with a reason, audited. Applies from the next accrual.',
  body: strictBody({
    symbol: text(32),
    rate: z
      .string({ error: 'validation.required' })
      .trim()
      .regex(/^(|\d{1,2}(\.\d{1,2})?)$/, 'validation.invalid')
      .refine((v) => v === '' || Number(v) <= 20, 'validation.invalid'),
    reason: text(500),
  }),
  data: z.null(),
});
