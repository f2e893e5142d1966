import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { amount, body, choice, id, lang, market, paging, positiveInt } from '../fields.ts';
import { symbol } from './quotes.ts';

/**
 * New shares (IPO): the offering lists, the application, declining a win, the records and the lottery's
 * proof. Paths and field names are the wire's (API.md "Products" → New shares); times are unix seconds,
 * money a decimal string with 4 decimals.
 */
const tag = 'products';
const money = z.string().describe('decimal string, 4 decimals');
const unix = z.number().describe('unix seconds');

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
  seed: z.string().describe('the lottery seed, "" until drawn'),
  applicants: z.number(),
  win_rate: z.string().describe('lots allotted per lot applied, percent; "" until drawn'),
  mine: ownApplication.nullable(),
});

export const placinglist = endpoint({
  path: '/trade/placinglist',
  auth: true,
  tag,
  summary: 'New-share offerings of a market: status 0 upcoming, 1 subscribing, 2 ended (all when absent).',
  body: body({
    type: market(),
    status: choice(['0', '1', '2']).optional(),
    id: id().optional().describe('one offering'),
    lang: lang(),
  }),
  data: z.array(offeringRow),
});

export const buyNewstock = endpoint({
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

export const newstockAbstain = endpoint({
  path: '/trade/newstock_abstain',
  auth: true,
  money: true,
  tag,
  summary: 'Decline a win before the payment deadline (application id): refunded, the waitlist promoted.',
  body: body({ id: id(), type: market() }),
  data: z.null(),
});

export const usernewstocklist = endpoint({
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
  seed: z.string(),
  mode: z.enum(['ticket', 'units']),
  lots: z.string().describe('lots offered'),
  waitlist: z.number(),
  entries: z.array(z.object({ id: z.string(), lots: z.string() })),
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['won', 'waitlisted', 'lost']),
      lots: z.string(),
      rank: z.number(),
    }),
  ),
});

export const newstockDraw = endpoint({
  path: '/trade/newstock_draw',
  auth: true,
  tag,
  summary: 'The lottery of a drawn offering: seed, applications (ids and lots) and the recorded result.',
  body: body({ id: id(), type: market() }),
  data: drawProof,
});

// ---------------------------------------------------------------- back office (POST /api/admin<path>)

const adminTag = 'admin';
const unixIn = () =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1_000_000_000, 'validation.invalid')
    .max(9_999_999_999, 'validation.invalid')
    .describe('unix seconds');
const adminPage = () => ({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(200).default(20),
});
const label = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong');

/** An offering as the operator writes it (create, or edit with `id`). */
export const offeringInput = {
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,12}$/, 'validation.invalid')
    .transform((s) => s.toUpperCase()),
  market: market(),
  board: z.enum(
    [
      'tse_prime',
      'tse_standard',
      'tse_growth',
      'nyse',
      'nasdaq',
      'sse_main',
      'sse_star',
      'szse_main',
      'szse_chinext',
      'kospi',
      'kosdaq',
    ],
    { error: 'validation.invalid' },
  ),
  name_jp: label(100),
  name_cn: label(100),
  name_us: label(100),
  range_low: amount(),
  range_high: amount(),
  shares: positiveInt(12),
  max_per_application: positiveInt(12),
  subscribe_start: unixIn(),
  subscribe_end: unixIn(),
  lottery_at: unixIn(),
  payment_deadline: unixIn(),
  listing_at: unixIn(),
  underwriter: z.string().trim().max(100, 'validation.tooLong').default(''),
  pe: z.string().trim().max(20, 'validation.tooLong').default(''),
  waitlist: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(10_000).default(0),
  draw_mode: z.enum(['ticket', 'units'], { error: 'validation.invalid' }).default('ticket'),
};

export const adminOfferings = endpoint({
  path: '/ipo/list',
  auth: true,
  tag: adminTag,
  summary: 'New-share offerings, every market and state, with their seed once drawn.',
  body: body({ market: market().optional(), ...adminPage() }),
  data: z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number() }),
});

export const adminOfferingSave = endpoint({
  path: '/ipo/save',
  auth: true,
  tag: adminTag,
  summary:
    'Create an offering, or edit one (`id`): the schedule and quantities only before subscriptions open.',
  body: body({ id: id().optional(), ...offeringInput }),
  data: z.object({ id: z.string() }),
});

export const adminOfferingPrice = endpoint({
  path: '/ipo/price',
  auth: true,
  tag: adminTag,
  summary: 'Fix the offer price, inside the range, before the lottery.',
  body: body({ id: id(), offer_price: amount() }),
  data: z.null(),
});

export const adminOfferingCancel = endpoint({
  path: '/ipo/cancel',
  auth: true,
  tag: adminTag,
  summary: 'Cancel an offering before its lottery: every hold is released.',
  body: body({ id: id(), reason: label(500) }),
  data: z.null(),
});

export const adminOfferingDraw = endpoint({
  path: '/ipo/draw',
  auth: true,
  tag: adminTag,
  summary: 'Run the lottery now (after the window): the seeded draw decides; nobody chooses winners.',
  body: body({ id: id() }),
  data: z.object({
    id: z.string(),
    seed: z.string(),
    commitment: z.string(),
    applications: z.number(),
    won: z.number(),
  }),
});

export const adminApplications = endpoint({
  path: '/ipo/applications',
  auth: true,
  tag: adminTag,
  summary: 'Applications, filtered by offering, status, outcome or account.',
  body: body({
    offering_id: id().optional(),
    status: choice(['0', '1', '2', '3', '4', '5']).optional(),
    outcome: z.enum(['pending', 'won', 'waitlisted', 'lost'], { error: 'validation.invalid' }).optional(),
    account: z.string().trim().max(64, 'validation.tooLong').optional(),
    ...adminPage(),
  }),
  data: z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number() }),
});
