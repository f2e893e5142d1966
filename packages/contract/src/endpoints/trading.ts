import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  amount,
  body,
  choice,
  id,
  instrumentMarket,
  lang,
  market,
  PRICE_MAX,
  positiveInt,
  wireNum,
} from '../fields.ts';
import { blockBuyBody, blockOrOrder, ordinaryOrderFlags } from './block-trades.ts';
import { symbol } from './quotes.ts';

const tag = 'trading';

/** The exit kinds a client names (`then_kind` of an IFD, `kind` of an exit order). */
export const EXIT_KINDS = ['limit', 'stop', 'stop_limit', 'trail', 'oco'] as const;
const exitKind = () => z.enum(EXIT_KINDS, { error: 'validation.invalid' });

/** Position status on the wire: the domain's status machine. */
export { POSITION_STATUS } from '@kabuto/domain';

/** `dz_type` of a position: 0 ordinary, 3 day trade. */
export const DZ_TYPES = { ordinary: 0, dayTrade: 3 } as const;
/** Where a position came from (`source`): an order, a new-share win, a block or an after-market trade. */
export const POSITION_SOURCE = {
  order: 'order',
  newShare: 'new_share',
  block: 'block',
  afterMarket: 'after_market',
} as const;
const POSITION_SOURCES = Object.values(POSITION_SOURCE) as [
  (typeof POSITION_SOURCE)[keyof typeof POSITION_SOURCE],
  ...(typeof POSITION_SOURCE)[keyof typeof POSITION_SOURCE][],
];

/**
 * A position as the family's clients read it. Valuation (`nowprice`, `yingkui`, `gain`) is JSON numbers;
 * entered and settled amounts (prices of the order and the close, margin, fees) are decimal strings.
 */
export const positionRow = z.object({
  id: z.string(),
  order_no: z.string(),
  strategy_num: z.string().describe("the order number, as order_no (the family's clients read this name)"),
  stock_name: z.string(),
  stock_code: z.string(),
  market: z.string(),
  buyzd: z.number().describe('1 long, 2 short'),
  ganggang: z.string().describe('leverage'),
  gdlx: z.number().describe('1 market, 2 limit'),
  buy_price: z.string(),
  stock_num: z.string(),
  nowprice: wireNum('current price (the close price once closed)'),
  sell_price: z.string(),
  credit: z.string().describe('margin held'),
  yingkui: wireNum('P&L after fees: unrealised while holding, realised once closed; 0 for pending orders'),
  gain: wireNum(
    'price move since entry in the position’s direction, % (not multiplied by leverage: gain × ganggang is the return on margin); 0 for pending orders',
  ),
  buy_fee: z.string(),
  sell_fee: z.string(),
  buy_poundage: z.string().describe('the buy fee again (the family’s name)'),
  sell_poundage: z.string().describe('the sell fee again (the family’s name)'),
  stamp_duty: z.string(),
  status: z.number().describe('0 holding, 1 closed, 2 preparing to close, 3 pending order, 4 cancelled'),
  buy_time: z.number(),
  sell_time: z.number().nullable(),
  limit_price: z.string().describe('limit price of a limit order, "" for a market order'),
  close_reason: z
    .string()
    .describe('"user", "forced", "expired" (a limit order lapsed with its trading day) or ""'),
  dz_type: z.number().describe('0 ordinary, 3 day trade'),
  source: z.enum(POSITION_SOURCES).describe('order, new_share, block or after_market'),
  lent: z.number().describe('1 while lent (stock lending: /trade/lend_stock), else 0'),
  timing: z.string().describe('when the order executes: any, open (寄成/寄指) or close (引成/引指)'),
  valid_until: z.string().describe('last exchange-local day a pending order is valid ("" : the day placed)'),
  waits_for: z
    .number()
    .nullable()
    .describe('a pending order: the call auction it waits for (unix seconds), null while it rests'),
  locked: z.number().describe('1: a market order waiting at a locked daily limit for the close’s allocation'),
  nisa: z.number().describe('Kabuto extension. 1 when held in NISA (tax-free)'),
  financing: z
    .string()
    .describe(
      'Kabuto extension. A margin position’s costs (buy-side interest, short lending fee, 逆日歩): accrued to date at full precision while open, the amount charged once closed; "0.0000" for a cash position',
    ),
  term_end: z
    .string()
    .describe(
      'Kabuto extension. The last day (exchange-local YYYY-MM-DD) of a margin position’s term (制度信用: 6 months), when it is closed if still open; "" for a cash position or a market without a term',
    ),
});

/**
 * A position list: the rows under the keys "0", "1", … beside the list's summary keys. Checked exactly;
 * typed as the nearest shape TypeScript can build (a map of rows and summary values).
 */
const positionsByIndex = <S extends z.ZodRawShape>(summary: S) =>
  z.object(summary).catchall(positionRow) as unknown as z.ZodType<
    Record<string, z.output<typeof positionRow> | z.output<S[keyof S]>>
  >;

export const buy = endpoint({
  path: '/trade/buy_stock',
  auth: true,
  money: true,
  tag,
  summary:
    'Open a position: long (buyzd 1) or short (2), market (gdlx 1) or limit (2) at buy_price, with leverage; dz_type 1: an after-market trade at the closing price; is_qc 2: subscribe to a block offering (id, zhang, password).',
  body: blockOrOrder(
    blockBuyBody,
    body({
      symbol: symbol(),
      zhang: positiveInt(9).describe('quantity in shares (1 share per lot; US minimum 100)'),
      ganggan: positiveInt(3).describe('leverage, one of the configured list'),
      buyzd: z
        .enum(['1', '2'], { error: 'validation.invalid' })
        .or(z.literal(1))
        .or(z.literal(2))
        .transform((v) => Number(v) as 1 | 2),
      gdlx: z
        .enum(['1', '2'], { error: 'validation.invalid' })
        .or(z.literal(1))
        .or(z.literal(2))
        .default('1')
        .transform((v) => Number(v) as 1 | 2),
      buy_price: amount(PRICE_MAX).optional().describe('limit price; ignored for market orders'),
      type: instrumentMarket(),
      timing: z
        .enum(['any', 'open', 'close'], { error: 'validation.invalid' })
        .optional()
        .describe(
          'order book: any (continuous trading and calls), open (on the open: 寄成/寄指) or close (on the close: 引成/引指). With timing or valid_until the order is accepted at any time and waits for its market’s next call outside continuous trading; without both it is today’s order, refused outside the session',
        ),
      valid_until: z
        .string()
        .regex(/^(day|\d{4}-\d{2}-\d{2})$/, 'validation.invalid')
        .optional()
        .describe(
          'order book: "day" (the day of its first session) or an exchange-local date (at most 15 trading days)',
        ),
      then_kind: exitKind()
        .optional()
        .describe(
          'IFD / IFDOCO: an exit placed on the position once this order fills: limit (then_limit), stop (then_stop), stop_limit (both), trail (then_trail or then_trail_pct) or oco (then_limit and then_stop)',
        ),
      then_limit: amount(PRICE_MAX).optional(),
      then_stop: amount(PRICE_MAX).optional(),
      then_trail: amount(PRICE_MAX).optional(),
      then_trail_pct: amount('99').optional(),
      nisa: z.coerce
        .number({ error: 'validation.invalid' })
        .int()
        .min(0, 'validation.invalid')
        .max(1, 'validation.invalid')
        .optional()
        .describe('Kabuto extension. 1: buy into NISA (a cash purchase within the NISA quotas, tax-free)'),
      ...ordinaryOrderFlags,
    }),
  ),
  data: z.object({ id: z.string(), order_no: z.string(), status: z.number() }),
});

export const sell = endpoint({
  path: '/trade/sell_stock',
  auth: true,
  money: true,
  tag,
  summary:
    'Close a holding at the market price (in session; China: not on the buying day); zhang: close that many shares only (a partial close is its own closed position, fund records and realised P&L).',
  body: body({
    id: id(),
    type: instrumentMarket(),
    zhang: positiveInt(9).optional().describe('shares to close (default: all)'),
  }),
  data: z.object({ id: z.string(), sell_price: z.string(), yingkui: z.string() }),
});

export const cancel = endpoint({
  path: '/trade/cancel_stock',
  auth: true,
  money: true,
  tag,
  summary: 'Cancel a pending limit order (its reservation is released).',
  body: body({ id: id(), type: market() }),
  data: z.null(),
});

export const amend = endpoint({
  path: '/trade/amend_stock',
  auth: true,
  money: true,
  tag,
  summary:
    'Amend a pending order (訂正): its limit price (buy_price, a limit order only) or quantity (zhang). Its margin and fees are held again for them; a limit amended to a marketable price in continuous trading fills at once at the market price.',
  body: body({
    id: id(),
    type: market(),
    buy_price: amount(PRICE_MAX).optional().describe('the new limit price'),
    zhang: positiveInt(9).optional().describe('the new quantity in shares'),
  }),
  data: z.null(),
});

export const position = endpoint({
  path: '/trade/stockdetail',
  auth: true,
  tag,
  summary: 'One of the user’s positions.',
  body: body({ id: id(), type: market(), lang: lang() }),
  data: positionRow,
});

export const openPositions = endpoint({
  path: '/trade/userstocklist',
  auth: true,
  tag,
  summary:
    'Open and pending positions as an object with numeric keys, plus ccsz (holding value) and fdyk (floating P&L), both JSON numbers. buy_type=1 lists the day-trade positions only.',
  body: body({
    type: market(),
    lang: lang(),
    buy_type: choice(['0', '1']).optional().describe('0 all positions, 1 day-trade positions (dz_type 3)'),
    dz_type: z
      .unknown()
      .optional()
      .transform((v) => (v === '3' || v === 3 ? DZ_TYPES.dayTrade : undefined))
      .describe('3: the day-trade positions only, as buy_type=1 (other values: all)'),
  }),
  data: positionsByIndex({
    ccsz: wireNum('market value of the holdings'),
    fdyk: wireNum('floating P&L of the holdings'),
  }),
});

export const closedPositions = endpoint({
  path: '/trade/userstocklists',
  auth: true,
  tag,
  summary:
    'Closed and cancelled positions as an object with numeric keys, plus lsyk (realised P&L, a JSON number).',
  body: body({ type: market(), lang: lang() }),
  data: positionsByIndex({ lsyk: wireNum('realised P&L of the listed positions') }),
});

/** An exit order as the order inquiry (注文照会) lists it. */
export const exitRow = z.object({
  id: z.string(),
  position_id: z.string(),
  stock_code: z.string(),
  stock_name: z.string(),
  side: z.number().describe('the position: 1 long (the exit sells), 2 short (the exit buys to cover)'),
  kind: z.enum(['limit', 'stop', 'stop_limit', 'trail']),
  zhang: z.string().describe('shares to close; "" for the whole position'),
  limit_price: z.string(),
  stop_price: z.string(),
  trail: z.string(),
  trail_pct: z.string(),
  level: z
    .string()
    .describe('the price it triggers at now (a trailing stop’s follows its best price); "" when none'),
  status: z.enum(['waiting', 'working', 'triggered', 'filled', 'cancelled', 'expired']),
  oco_with: z.string().describe('the other leg of an OCO pair, ""'),
  fill_price: z.string(),
  closed_position_id: z.string(),
  created_at: z.number(),
  fired_at: z.number().nullable(),
});

export const exitOrder = endpoint({
  path: '/trade/exit_order',
  auth: true,
  money: true,
  tag,
  summary:
    'Place an exit on a holding (or on a pending order: it waits for the fill): limit (limit_price), stop (逆指値, stop_price), stop_limit (both), trail (trail or trail_pct) or oco (limit_price and stop_price, one cancels the other); zhang closes that many shares (default all).',
  body: body({
    id: id(),
    type: market(),
    kind: exitKind(),
    zhang: positiveInt(9).optional(),
    limit_price: amount(PRICE_MAX).optional(),
    stop_price: amount(PRICE_MAX).optional(),
    trail: amount(PRICE_MAX).optional(),
    trail_pct: amount('99').optional(),
  }),
  data: z.object({ ids: z.array(z.string()) }),
});

export const exitCancel = endpoint({
  path: '/trade/exit_cancel',
  auth: true,
  money: true,
  tag,
  summary: 'Cancel one exit order (one leg of an OCO or IFD leaves the others).',
  body: body({ id: id(), type: market() }),
  data: z.null(),
});

export const exitAmend = endpoint({
  path: '/trade/exit_amend',
  auth: true,
  money: true,
  tag,
  summary: 'Amend a waiting or working exit order: its limit_price, stop_price or zhang.',
  body: body({
    id: id(),
    type: market(),
    zhang: positiveInt(9).optional(),
    limit_price: amount(PRICE_MAX).optional(),
    stop_price: amount(PRICE_MAX).optional(),
  }),
  data: z.null(),
});

export const exitOrders = endpoint({
  path: '/trade/exit_orders',
  auth: true,
  tag,
  summary:
    'The user’s exit orders of a market, newest first (working, triggered, filled, cancelled, expired).',
  body: body({ type: market(), lang: lang() }),
  data: z.object({ list: z.array(exitRow) }),
});
