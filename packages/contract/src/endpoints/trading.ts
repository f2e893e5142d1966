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
import { blockBuyBody, blockOrOrder, ordinaryOrderFlags } from './block.ts';
import { symbol } from './quotes.ts';

const tag = 'trading';

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
});

/**
 * A position list: the rows under the keys "0", "1", … beside the list's summary keys. Checked exactly;
 * typed as the nearest shape TypeScript can build (a map of rows and summary values).
 */
const positionsByIndex = <S extends z.ZodRawShape>(summary: S) =>
  z.object(summary).catchall(positionRow) as unknown as z.ZodType<
    Record<string, z.output<typeof positionRow> | z.output<S[keyof S]>>
  >;

export const buyStock = endpoint({
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
      ...ordinaryOrderFlags,
    }),
  ),
  data: z.object({ id: z.string(), order_no: z.string(), status: z.number() }),
});

export const sellStock = endpoint({
  path: '/trade/sell_stock',
  auth: true,
  money: true,
  tag,
  summary: 'Close a holding at the market price (in session; China: not on the buying day).',
  body: body({ id: id(), type: instrumentMarket() }),
  data: z.object({ id: z.string(), sell_price: z.string(), yingkui: z.string() }),
});

export const cancelStock = endpoint({
  path: '/trade/cancel_stock',
  auth: true,
  money: true,
  tag,
  summary: 'Cancel a pending limit order (its reservation is released).',
  body: body({ id: id(), type: market() }),
  data: z.null(),
});

export const stockDetail = endpoint({
  path: '/trade/stockdetail',
  auth: true,
  tag,
  summary: 'One of the user’s positions.',
  body: body({ id: id(), type: market(), lang: lang() }),
  data: positionRow,
});

export const userStockList = endpoint({
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

export const userStockLists = endpoint({
  path: '/trade/userstocklists',
  auth: true,
  tag,
  summary:
    'Closed and cancelled positions as an object with numeric keys, plus lsyk (realised P&L, a JSON number).',
  body: body({ type: market(), lang: lang() }),
  data: positionsByIndex({ lsyk: wireNum('realised P&L of the listed positions') }),
});
