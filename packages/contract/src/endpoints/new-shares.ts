import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  body,
  choice,
  id,
  lang,
  market,
  wireMoney as money,
  paging,
  positiveInt,
  wireUnix as unix,
} from '../fields.ts';
import { symbol } from './quotes.ts';

export * from './new-shares-admin.ts';

/**
 * New shares (IPO): the offering lists, the application, declining a win, the records and the lottery's
 * proof. Paths and field names are the wire's (docs/wire.md; the rules in docs/products.md, "New shares"); times are unix seconds,
 * money a decimal string with 4 decimals.
 */
const tag = 'products';

/** The user's own application of an offering, inside `placinglist`. */
const ownApplication = z.object({
  id: z.string(),
  apply_total: z.number().describe('shares applied for'),
  lucky_total: z.number().describe('shares allotted'),
  rjmoney: z.string().describe("money held or paid, '-' when none"),
  status: z.number().describe('0 applied, 1 held, 2 won and paid, 3 not won, 4 abstained, 5 listed'),
  outcome: z.enum(['pending', 'won', 'waitlisted', 'lost']),
  xgstate: z.string().describe('msg key of the state'),
});

export const offeringRow = z.object({
  id: z.string(),
  name: z.string(),
  names: z.object({ jp: z.string(), cn: z.string(), us: z.string() }),
  code: z.string(),
  market: z.string(),
  board: z.string(),
  price: money.describe('reference price: the first price once listed, else the offer price'),
  bprice: money.describe('offer price, or the top of the range before pricing'),
  min_price: money.describe('bottom of the indicative range'),
  max_price: money.describe('top of the indicative range'),
  priced: z.boolean().describe('the offer price is fixed'),
  num: z.number().describe('shares offered'),
  max_num: z.number().describe('max shares per application'),
  min_num: z.number().describe('shares per unit (100)'),
  start: unix,
  end: unix,
  gb_date: unix.describe('lottery'),
  fq_date: unix.describe('allotment and payment deadline'),
  ss_date: unix.describe('listing'),
  underwriter: z.string(),
  pe: z.string(),
  status: z.number().describe('0 upcoming, 1 subscribing, 2 ended'),
  state: z.number().describe('0 scheduled, 1 drawn, 2 listed, 3 cancelled'),
  commitment: z.string().describe('SHA-256 of the lottery seed, "" before subscriptions open'),
  entries_commitment: z
    .string()
    .describe(
      'SHA-256 of the sorted entry list (id, SHA-256 of the order number, lots), "" until the window closes',
    ),
  seed: z.string().describe('the lottery seed, "" until drawn'),
  applicants: z.number(),
  win_rate: z.string().describe('lots allotted per lot applied, percent; "" until drawn'),
  mine: ownApplication.nullable(),
});

export const offerings = endpoint({
  path: '/trade/placinglist',
  auth: true,
  tag,
  summary: 'New-share offerings of a market: status 0 upcoming, 1 subscribing, 2 ended (all when absent).',
  body: body({
    type: market(),
    status: choice(['0', '1', '2']).optional(),
    lang: lang(),
  }),
  data: z.array(offeringRow),
});

export const apply = endpoint({
  path: '/trade/buy_newstock',
  auth: true,
  money: true,
  tag,
  summary:
    'Apply for a new share: once per offering, inside the window, in units of 100 up to the max; the amount is held.',
  body: body({
    id: id(),
    zhang: positiveInt(9).describe('shares, a multiple of 100'),
    type: market(),
    symbol: symbol().optional().describe('the offering code, checked when sent'),
  }),
  data: z.object({ id: z.string(), order_no: z.string(), status: z.number() }),
});

export const decline = endpoint({
  path: '/trade/newstock_abstain',
  auth: true,
  money: true,
  tag,
  summary: 'Decline a win before the payment deadline (application id): refunded, the waitlist promoted.',
  body: body({ id: id(), type: market() }),
  data: z.null(),
});

export const applications = endpoint({
  path: '/trade/usernewstocklist',
  auth: true,
  tag,
  summary: 'New-share subscription records (status 1 counts as frozen: rjmoney).',
  body: body({
    type: market(),
    buy_type: z.coerce.number({ error: 'validation.invalid' }).int().optional(),
    lang: lang(),
    ...paging(50),
  }),
  data: z.array(
    z
      .object({
        id: z.string(),
        offering_id: z.string(),
        order_no: z.string(),
        stock_name: z.string(),
        stock_code: z.string(),
        apply_price: money,
        apply_total: z.number(),
        lucky_total: z.number(),
        subs_value: money,
        rjmoney: z.string().describe("amount held or paid; '-' counts as 0"),
        status: z.number(),
        outcome: z.enum(['pending', 'won', 'waitlisted', 'lost']),
        xgstate: z.string(),
        gb_date: unix,
        fq_date: unix,
        ss_date: unix,
        can_abstain: z.boolean(),
        create_time: unix,
      })
      .catchall(z.unknown()),
  ),
});

/** What anyone needs to recompute a drawn lottery: the seed, the applications in id order, the result. */
export const drawProof = z.object({
  id: z.string(),
  commitment: z.string(),
  entries_commitment: z
    .string()
    .describe('SHA-256 of entryListText(entries), published when the window closed'),
  seed: z.string(),
  mode: z.enum(['ticket', 'units']),
  lots: z.string().describe('lots offered'),
  waitlist: z.number(),
  entries: z.array(
    z.object({
      id: z.string(),
      holder: z
        .string()
        .describe('SHA-256 of the application’s order number: each user finds their own line'),
      lots: z.string(),
    }),
  ),
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['won', 'waitlisted', 'lost']),
      lots: z.string(),
      rank: z.number(),
    }),
  ),
});

export const draw = endpoint({
  path: '/trade/newstock_draw',
  auth: true,
  tag,
  summary: 'The lottery of a drawn offering: seed, applications (ids and lots) and the recorded result.',
  body: body({ id: id(), type: market() }),
  data: drawProof,
});
