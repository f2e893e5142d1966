import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { amount, body, id, lang, market, PRICE_MAX, positiveInt } from '../fields.ts';
import { symbol } from './quotes.ts';

const tag = 'trading';

/** Position status on the wire: the domain's status machine. */
export { POSITION_STATUS } from '@kabuto/domain';

export const positionRow = z.object({
  id: z.string(),
  order_no: z.string(),
  stock_name: z.string(),
  stock_code: z.string(),
  market: z.string(),
  buyzd: z.number().describe('1 long, 2 short'),
  ganggang: z.string().describe('leverage'),
  gdlx: z.number().describe('1 market, 2 limit'),
  buy_price: z.string(),
  stock_num: z.string(),
  nowprice: z.string(),
  sell_price: z.string(),
  credit: z.string().describe('margin held'),
  yingkui: z.string().describe('P&L (unrealised while holding, realised once closed)'),
  gain: z.string().describe('P&L % of margin'),
  buy_fee: z.string(),
  sell_fee: z.string(),
  stamp_duty: z.string(),
  status: z.number().describe('0 holding, 1 closed, 2 preparing to close, 3 pending order, 4 cancelled'),
  buy_time: z.number(),
  sell_time: z.number().nullable(),
  limit_price: z.string().describe('limit price of a limit order, "" for a market order'),
  close_reason: z
    .string()
    .describe('"user", "forced", "expired" (a limit order lapsed with its trading day) or ""'),
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
    'Open a position: long (buyzd 1) or short (2), market (gdlx 1) or limit (2) at buy_price, with leverage.',
  body: body({
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
    type: market(),
  }),
  data: z.object({ id: z.string(), order_no: z.string(), status: z.number() }),
});

export const sellStock = endpoint({
  path: '/trade/sell_stock',
  auth: true,
  money: true,
  tag,
  summary: 'Close a holding at the market price (in session; China: not on the buying day).',
  body: body({ id: id(), type: market() }),
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
    'Open and pending positions as an object with numeric keys, plus ccsz (holding value) and fdyk (floating P&L).',
  body: body({ type: market(), lang: lang() }),
  data: positionsByIndex({
    ccsz: z.string().describe('market value of the holdings'),
    fdyk: z.string().describe('floating P&L of the holdings'),
  }),
});

export const userStockLists = endpoint({
  path: '/trade/userstocklists',
  auth: true,
  tag,
  summary: 'Closed and cancelled positions as an object with numeric keys, plus lsyk (realised P&L).',
  body: body({ type: market(), lang: lang() }),
  data: positionsByIndex({ lsyk: z.string().describe('realised P&L of the listed positions') }),
});
