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
    'mid rate the exchange screen shows before its spread: cash, frozen (held by pending withdrawals, orders ' +
    'and subscriptions), the margin of open positions, other held kinds the ledger reports (product stakes, ' +
    'holds) and the unrealised P&L of open positions at current quotes (gross: their opening fees were paid ' +
    'already). total = cash + frozen + margin + other + pnl; net = total − owed (loans). An exchange changes ' +
    'total only by the spread it took. The per-market figures of /user/getUserinfo stay as they are.',
  body: body({}),
  data: z.object({
    currency: z.literal('jpy'),
    total: yen('total assets'),
    cash: yen('available to spend'),
    frozen: yen('held out of cash by pending transfers'),
    margin: yen('margin of open positions'),
    other: yen('other held kinds (product stakes, holds)'),
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
        frozen: money,
        margin: money,
        total: money.describe('everything held in the wallet, its own currency'),
        pnl: money.describe('unrealised P&L of its open positions, its own currency'),
        rate: z.string().describe('yen per unit (mid)'),
        total_jpy: yen('total + pnl'),
      }),
    ),
  }),
});
