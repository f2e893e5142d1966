import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { amount, body, lang, market, wireMoney as money, paging } from '../fields.ts';

/**
 * Day trading: an intraday margin line the user trades himself. `/trade/rnjy` applies (the amount is
 * held at once), an operator approves or rejects it in the back office's review queue, and an approved
 * line is traded with `/trade/buy_stock` `dz_type=3` (positions listed by `/trade/userstocklist`
 * `buy_type=1`); every day-trade position is force-closed before the close and the line settles to cash.
 */
const tag = 'trading';

/** `dz_type` of `/trade/buy_stock` that opens a day-trade position. */
export const DAY_TRADE_DZ = ['3', 3] as const;
export const isDayTradeBuy = (b: object): boolean => {
  const dz = (b as { dz_type?: unknown }).dz_type;
  return dz === '3' || dz === 3;
};

export const apply = endpoint({
  path: '/trade/rnjy',
  auth: true,
  money: true,
  tag,
  summary:
    'Apply for a day-trading line of `money` in the wallet of `type` for the next trading day (today before the forced close). The amount is held at once (frozen) until the review; one open application at a time.',
  body: body({
    money: amount().describe('participation amount, within the configured min/max'),
    type: market(),
  }),
  data: z.object({ id: z.string(), order_no: z.string(), status: z.number(), trade_date: z.string() }),
});

export const dayTradeRow = z
  .object({
    id: z.string(),
    order_no: z.string(),
    type: z.string().describe('the market / wallet'),
    credit: money.describe('the participation amount (the line once approved)'),
    status: z.number().describe('0 in review, 1 approved, 2 rejected, 3 trading, 4 complete, 5 failed'),
    state: z.string().describe("the status's msg key, for display"),
    yingkui: money.describe('the day’s P&L: realised once settled, floating while trading'),
    gain: z.number().describe('yingkui as a percent of credit'),
    used: money.describe('margin of the open day-trade positions'),
    remaining: money.describe('what is left of the line for new positions (0 unless approved or trading)'),
    payout: money.describe('what the settlement returned to cash ("0" before)'),
    trade_date: z.string().describe('exchange-local trading day, YYYY-MM-DD'),
    forced_close: z.number().nullable().describe('unix seconds of the day’s forced close'),
    reason: z.string().describe('the rejection reason, else ""'),
    positions: z.number().describe('how many positions were opened against the line'),
    stock_name: z.string().describe('the last instrument traded, "" when none'),
    stock_code: z.string(),
    create_time: z.number(),
    end_time: z.number().nullable().describe('when it was settled or ended'),
  })
  .catchall(z.unknown());

export const applications = endpoint({
  path: '/trade/urnjylist',
  auth: true,
  tag,
  summary: 'The user’s day-trading applications, newest first, with their status, line, P&L and settlement.',
  body: body({ type: market(), lang: lang(), ...paging(50) }),
  data: z.array(dayTradeRow),
});
