import { CURRENCIES } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, wireMoney as money } from '../fields.ts';

const tag = 'account';
const yen = (what: string) => money.describe(`${what}, in yen (decimal string, 4 decimals)`);

export const summary = endpoint({
  path: '/user/assets_summary',
  auth: true,
  tag,
  summary:
    'Kabuto extension. Total assets in yen across every wallet (its breakdown below), at the FX reference ' +
    'mid rate the exchange screen shows before its spread: cash, frozen (the frozen of /user/getUserinfo: ' +
    'reserved by pending withdrawals, orders and subscriptions, plus the margin of open positions, plus ' +
    'copy-trade stakes) and the unrealised P&L of open positions at current quotes (gross: their opening ' +
    'fees were paid already). frozen = reserved + margin + stake; total = cash + frozen + pnl; net = total − ' +
    'owed (loans). An exchange changes total only by the spread it took.',
  body: body({}),
  data: z.object({
    currency: z.literal('jpy'),
    total: yen('total assets'),
    cash: yen('available to spend'),
    frozen: yen('reserved + margin + stake'),
    reserved: yen('held out of cash by pending transfers'),
    margin: yen('margin of open positions and day-trading lines'),
    stake: yen('copy-trade stakes'),
    pnl: yen('unrealised P&L of open positions'),
    owed: yen('loans owed'),
    net: yen('total − owed'),
    positions: z.number().describe('open positions (holding or closing)'),
    spread: z.string().describe('the FX spread an exchange takes, percent'),
    time: z.number().describe('when the rates and quotes were read, unix seconds (server clock)'),
    wallets: z.array(
      z.object({
        currency: z.enum(CURRENCIES),
        available: money,
        frozen: money.describe('reserved + margin + stake'),
        reserved: money,
        margin: money,
        stake: money,
        total: money.describe('available + frozen, its own currency'),
        pnl: money.describe('unrealised P&L of its open positions, its own currency'),
        value: money.describe('total + pnl, its own currency (total_jpy is this in yen)'),
        rate: z.string().describe('yen per unit (mid)'),
        total_jpy: yen('total + pnl'),
      }),
    ),
  }),
});
