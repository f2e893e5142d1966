import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, id, wireMoney as money, strictBody, text } from '../fields.ts';

/**
 * Kabuto extension: the tax account (特定口座). Each user has an account type — withholding (特定口座・源泉徴収あり,
 * the default), no_withholding (源泉徴収なし) or general (一般口座) — and may open NISA beside it. The user
 * chooses once per tax year (Japanese calendar year); the back office may override, audited. Amounts are
 * yen, decimal strings.
 */
const tag = 'account';
const kind = () => z.enum(['withholding', 'no_withholding', 'general'], { error: 'validation.invalid' });
const flag = () => z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(1);

const state = z.object({
  kind: z.enum(['withholding', 'no_withholding', 'general']),
  nisa: z.number().describe('1 when a NISA account is open'),
  year: z.number().describe('the tax year now'),
  can_choose: z.number().describe('1 when the user may still choose this year'),
  net_gain: money.describe('this year’s net realised gain in the taxable account (yen)'),
  withheld_national: money.describe(
    'income tax withheld this year (15.315% incl. the reconstruction surtax)',
  ),
  withheld_local: money.describe('inhabitant tax withheld this year (5%)'),
  nisa_year_used: money,
  nisa_year_limit: money,
  nisa_lifetime_used: money,
  nisa_lifetime_limit: money,
});

export const account = endpoint({
  path: '/user/tax_account',
  auth: true,
  tag,
  summary:
    'Kabuto extension. The user’s tax account type, NISA and this year’s figures (gain, tax withheld, NISA quota).',
  body: body({}),
  data: state,
});

export const choose = endpoint({
  path: '/user/tax_account_set',
  auth: true,
  tag,
  summary:
    'Kabuto extension. Choose this year’s account type and NISA (once a tax year, and not after a taxable sale this year). Closing NISA is refused while NISA shares are held.',
  body: body({ kind: kind(), nisa: flag() }),
  data: state,
});

const part = z.object({
  sales: z.number().describe('number of sales'),
  proceeds: money.describe('譲渡の対価: proceeds less the sales’ fees (yen)'),
  cost: money.describe('取得費: moving-average cost of what was sold (yen)'),
  gain: money.describe('譲渡損益 (yen)'),
  withheld_national: money,
  withheld_local: money,
});

export const annual = endpoint({
  path: '/user/tax_annual',
  auth: true,
  tag,
  summary:
    'Kabuto extension. The figures of a tax year’s annual report (年間取引報告書; default: last year): the taxable account’s sales, gain and tax withheld, and the NISA account’s apart.',
  body: body({
    year: z.coerce
      .number({ error: 'validation.invalid' })
      .int()
      .min(2000, 'validation.invalid')
      .max(2100, 'validation.invalid')
      .optional(),
  }),
  data: z.object({
    year: z.number(),
    kind: z.enum(['withholding', 'no_withholding', 'general']),
    taxable: part,
    nisa: part.extend({ bought: money.describe('NISA purchases of the year (yen, the quota used)') }),
  }),
});

// ---- back office (POST /api/admin<path>)

export const adminGet = endpoint({
  path: '/tax/account',
  auth: true,
  tag: 'admin',
  summary: 'One user’s tax account type, NISA and this year’s figures.',
  body: strictBody({ id: id() }),
  data: state,
});

export const adminSet = endpoint({
  path: '/tax/setAccount',
  auth: true,
  tag: 'admin',
  summary: 'Override a user’s tax account type and NISA, at any time, with a reason; audited.',
  body: strictBody({ id: id(), kind: kind(), nisa: flag(), reason: text(500) }),
  data: z.null(),
});
