import { TICK_TABLE_IDS } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, instrumentMarket, lang, market, text, wireNum } from '../fields.ts';

const tag = 'quotes';

/** Where a price comes from (docs/market-data.md). Older family clients ignore these fields. */
export const DATA_MODES = ['live', 'delayed', 'simulated'] as const;

/** A stock or index symbol as users know it (7203, AAPL, 600519, 005930, N225). */
export const symbol = () =>
  text(16)
    .regex(/^[A-Za-z0-9.^-]{1,16}$/, 'validation.invalid')
    .transform((s) => s.toUpperCase());

/**
 * Market data is JSON numbers (docs/wire.md, "Numbers, money and times"): prices at the instrument's precision, changes in
 * percent with 2 decimals, volumes in shares, turnover and market capitalisation in the currency.
 */
const num = wireNum;

export const quoteRow = z.object({
  symbol: z.string(),
  name: z.string().describe('in the language of the request'),
  price: num('last price'),
  gain: num('change % vs the previous close, e.g. 1.25'),
  gainValue: num('change vs the previous close'),
  volume: num('shares traded today'),
  mode: z.enum(DATA_MODES).describe('live, delayed (display only) or simulated (paper money)'),
  delayMinutes: z.number().describe('minutes behind the market when delayed, else 0'),
  stale: z.boolean().describe('the feed stalled: the price is not traded on'),
});

export const SESSION_STATES = ['pre', 'opening_call', 'open', 'lunch', 'closing_auction', 'closed'] as const;

export const indices = endpoint({
  path: '/parameter/zhishu',
  auth: false,
  tag,
  summary: 'Indices of a market (with the others after it for the home screen).',
  body: body({ type: market(), lang: lang() }),
  data: z.array(quoteRow.extend({ market: z.string() })),
});

export const RANKS = ['active', 'rise', 'fall', 'popular'] as const;
export const rankings = endpoint({
  path: '/parameter/top',
  auth: false,
  tag,
  summary: 'Rankings computed on the server: active (turnover), rise, fall (change %), popular (watchlists).',
  body: body({
    type: market(),
    rank: z.enum(RANKS, { error: 'validation.invalid' }).default('active'),
    lang: lang(),
    limit: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(20),
  }),
  data: z.array(quoteRow),
});

export const stock = endpoint({
  path: '/trade/stockdetails',
  auth: false,
  tag,
  summary: 'One stock: price, figures of the day, daily limits, tick, lot and session state.',
  body: body({ symbol: symbol(), type: instrumentMarket(), lang: lang() }),
  data: quoteRow.extend({
    market: z.string(),
    board: z.string(),
    open: num('opening price'),
    preClose: num('previous close'),
    high: num('high of the day'),
    low: num('low of the day'),
    turnover: num('traded value of the day'),
    marketCap: num('market capitalisation (0 when unknown)'),
    limitUp: num('daily upper limit').nullable(),
    limitDown: num('daily lower limit').nullable(),
    tick: num('tick size at the current price'),
    tickTable: z
      .enum(TICK_TABLE_IDS)
      .describe(
        'the tick table of the instrument (a limit price in another band is checked with that band’s tick)',
      ),
    tradingDay: z.string().describe('the exchange-local trading day the figures belong to (YYYY-MM-DD)'),
    lot: z.number().describe('shares per order unit (1)'),
    minQty: z.number().describe('minimum order quantity (US: 100)'),
    session: z.enum(SESSION_STATES),
    time: z.number(),
    buyFeeRate: z.string().describe('buy fee, percent of notional (decimal string)'),
    buyFeeMin: z.string().describe('minimum buy fee (decimal string)'),
    sellFeeRate: z.string().describe('sell fee, percent of notional (decimal string)'),
    sellFeeMin: z.string().describe('minimum sell fee (decimal string)'),
    stampDutyRate: z.string().describe('stamp duty / transaction tax on sells, percent of notional'),
    leverage: z.array(z.number()).describe('leverage multiples offered'),
  }),
});

export const KLINE_TYPES = ['1', '5', '15', '30', '1D', '1W', '1M', '12M'] as const;
export const kline = endpoint({
  path: '/trade/kline',
  auth: false,
  tag,
  summary: 'Candles ascending: 1 = intraday minutes (timeshare), 5/15/30 minutes, day, week, month, year.',
  body: body({
    symbol: symbol(),
    type: instrumentMarket(),
    kline_type: z.enum(KLINE_TYPES, { error: 'validation.invalid' }).default('1D'),
    fq: z.enum(['none', 'forward', 'backward'], { error: 'validation.invalid' }).default('none'),
    limit: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(2000).default(500),
  }),
  data: z.array(
    z.object({
      time: z.number().describe('unix seconds of the bar start'),
      open: num('open'),
      high: num('high'),
      low: num('low'),
      close: num('close'),
      volume: num('shares'),
      volumn: num("the same as volume (the family's clients read this spelling)"),
    }),
  ),
});

export const search = endpoint({
  path: '/trade/search',
  auth: false,
  tag,
  summary:
    'Search every market by code or by name in any of the three languages; `type`, the chosen market, ranks first.',
  body: body({
    content: text(40),
    /** The chosen market: its matches come first (after an exact code); other markets are still searched. */
    type: market().optional(),
    lang: lang(),
  }),
  data: z.array(
    quoteRow.extend({
      market: z.string(),
      local_name: z.string().describe("the same as name (the family's clients read this name)"),
    }),
  ),
});

export const watchlist = endpoint({
  path: '/user/Optionallist',
  auth: true,
  tag,
  summary: "The user's watchlist of one market with live prices.",
  body: body({ type: market(), lang: lang() }),
  data: z.array(quoteRow),
});

export const addToWatchlist = endpoint({
  path: '/user/addOptional',
  auth: true,
  tag,
  summary: 'Add a symbol to the watchlist.',
  body: body({ symbol: symbol(), type: market() }),
  data: z.null(),
});

export const removeFromWatchlist = endpoint({
  path: '/user/removeOptional',
  auth: true,
  tag,
  summary: 'Remove symbols from the watchlist (comma-separated for several).',
  body: body({
    symbol: text(2000).transform((s) =>
      s
        .split(',')
        .map((x) => x.trim().toUpperCase())
        .filter(Boolean),
    ),
    type: market(),
  }),
  data: z.null(),
});

/** WebSocket /api/vue/ws messages. */
export const wsClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), token: z.string().max(128) }),
  z.object({ op: z.literal('sub'), symbols: z.array(z.string().max(16)).max(200) }),
  z.object({ op: z.literal('unsub'), symbols: z.array(z.string().max(16)).max(200) }),
  z.object({ op: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;
export const wsTick = z.object({
  type: z.literal('tick'),
  symbol: z.string(),
  price: num('last price'),
  gain: num('change %'),
  gainValue: num('change'),
  high: num('high of the day'),
  low: num('low of the day'),
  volume: num('shares traded today'),
  time: z.number(),
  /** The data mode (see quoteRow); optional so a client takes ticks of a server that sends none. */
  mode: z.enum(DATA_MODES).optional(),
  delayMinutes: z.number().optional(),
  stale: z.boolean().optional(),
});
export type WsTick = z.infer<typeof wsTick>;
export type WsServerMessage =
  | { type: 'auth'; ok: true }
  | { type: 'snapshot'; quotes: WsTick[] }
  | WsTick
  | { type: 'pong'; time: number }
  | { type: 'error'; msg: string };
