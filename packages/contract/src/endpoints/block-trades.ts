import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  body,
  id,
  lang,
  market,
  wireMoney as money,
  optionalText,
  paging,
  positiveInt,
  shareCount,
  strictBody,
  text,
  wireUnix as unix,
  verbatim,
} from '../fields.ts';

/**
 * Block trades (fixed-price offerings allocated pro rata at the window's close) and after-market trades
 * (at the day's official closing price, after the close until the configured cut-off). The purchase goes
 * through `/trade/buy_stock` (see `blockBuyBody` there); the lists are here. Times are unix seconds.
 */
const tag = 'trading';

/** `is_qc=2`: a block-trade subscription (the wire sends it as a string in forms, a number in JSON). */
export const BLOCK_IS_QC = ['2', 2] as const;
const isBlockQc = (v: unknown) => v === '2' || v === 2;
/** `dz_type` of `/trade/nbhllist`: 0 block offerings, 1 the after-market list. */
export const OFFERING_LIST_KINDS = ['0', '1', 0, 1] as const;

/** The body of a block-trade subscription through `/trade/buy_stock` (other fields are ignored). */
export const blockBuyBody = body({
  is_qc: z.literal(BLOCK_IS_QC, { error: 'validation.invalid' }),
  id: id().describe('block offering id'),
  zhang: shareCount(9).describe(
    'shares subscribed: at least 100, in multiples of 100 (full-width digits and thousands commas accepted)',
  ),
  password: verbatim(64).optional().describe("the offering's password, when it has one"),
  type: market(),
});

/** What an ordinary order adds: `is_qc` other than 2 is not a block subscription, `dz_type=1` an after-market trade. */
export const ordinaryOrderFlags = {
  is_qc: z.undefined(),
  dz_type: orderDzType().describe(
    '1: an after-market trade at the closing price, 3: a day trade (other numbers or numeric texts: ordinary)',
  ),
};

/**
 * An order's `dz_type`, read here and nowhere by hand: a number or a numeric text (the family's clients send
 * either, and values this server does not use) is that number, a blank or absent one 0; anything else (an
 * object, an array, a boolean) is refused rather than coerced.
 */
function orderDzType() {
  return z
    .union([z.number(), z.string().max(32), z.null()], { error: 'validation.invalid' })
    .optional()
    .transform((v): number => {
      if (typeof v === 'number') return v;
      if (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v)) return Number.parseInt(v, 10);
      return 0;
    });
}

/**
 * `/trade/buy_stock`'s body: a block subscription when `is_qc` is 2, an ordinary order otherwise (any other
 * `is_qc` a client of the family sends is ignored). An order without `symbol` names it by `id`: the
 * after-market list's rows have the symbol as their `id`, and the family's clients buy by it.
 */
export const blockOrOrder = <B extends typeof blockBuyBody, O extends z.ZodObject>(block: B, order: O) =>
  z.preprocess(
    (v) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      const b = v as { is_qc?: unknown; symbol?: unknown; id?: unknown };
      if (isBlockQc(b.is_qc)) return v;
      const byId = (b.symbol === undefined || b.symbol === '') && typeof b.id === 'string';
      return byId ? { ...v, is_qc: undefined, symbol: b.id } : { ...v, is_qc: undefined };
    },
    z.discriminatedUnion('is_qc', [block, order], { error: 'validation.invalid' }),
  );

export const blockOfferingRow = z
  .object({
    id: z.string(),
    code: z.string(),
    symbol: z.string(),
    name: z.string(),
    market: z.string(),
    price: money.describe('block price (after-market: the day’s closing price)'),
    stock_num: z.number().describe('minimum shares'),
    num: z.number().describe('shares available (after-market: 0, no limit)'),
    password: z.boolean().describe('true when a password is needed'),
    start: unix,
    end: unix,
    status: z.number().describe('0 open or scheduled, 1 allocated, 2 cancelled'),
    commitment: z.string().describe('SHA-256 of the allocation seed (block offerings; "" after-market)'),
    seed: z.string().describe('the allocation seed, revealed once allocated; "" before'),
    window_open: z
      .boolean()
      .optional()
      .describe('after-market: true while its window is open now (on the server’s clock)'),
    hours: z
      .string()
      .optional()
      .describe('after-market: its daily hours on trading days, local "HH:MM-HH:MM" (shown when closed)'),
  })
  .catchall(z.unknown());

export const offerings = endpoint({
  path: '/trade/nbhllist',
  auth: true,
  tag,
  summary:
    'Block-trade offerings (dz_type 0, the open and upcoming ones) or the after-market list (dz_type 1: listed stocks at the closing price, during the window).',
  body: body({
    type: market(),
    dz_type: z
      .literal(OFFERING_LIST_KINDS, { error: 'validation.invalid' })
      .optional()
      .transform((v) => (v === 1 || v === '1' ? 1 : 0)),
    lang: lang(),
  }),
  data: z.array(blockOfferingRow),
});

export const blockSubscriptionRow = z
  .object({
    id: z.string(),
    order_no: z.string(),
    offering_id: z.string(),
    stock_name: z.string(),
    stock_code: z.string(),
    buy_price: money,
    zhang: z.number().describe('shares applied for'),
    cj_num: z.number().describe('shares allocated'),
    credit: money.describe('money held (frozen while status is 0)'),
    status: z.number().describe('0 pending and frozen, 1 allocated, 2 refunded'),
    create_time: unix,
    decide_time: z.number().nullable(),
  })
  .catchall(z.unknown());

export const subscriptions = endpoint({
  path: '/trade/ustockslist',
  auth: true,
  tag,
  summary: 'Block-trade subscriptions (status 0 counts as frozen: credit).',
  body: body({ type: market(), lang: lang(), ...paging(50) }),
  data: z.array(blockSubscriptionRow),
});

const lotsOf = z.array(z.object({ id: z.string(), lots: z.string().describe('lots of 100 shares') }));
export const allocationProof = z.object({
  id: z.string(),
  commitment: z.string().describe('SHA-256 of the seed’s hex text, published when the offering was listed'),
  entries_commitment: z
    .string()
    .describe('SHA-256 of entryListText(entries), committed before the allocation revealed the seed'),
  seed: z.string(),
  lots: z.string().describe('lots offered'),
  entries: z
    .array(
      z.object({
        id: z.string(),
        holder: z
          .string()
          .describe('SHA-256 of the subscription’s order number: each user finds their own line'),
        lots: z.string().describe('lots of 100 shares'),
      }),
    )
    .describe('the subscriptions in id order: lots asked'),
  results: lotsOf.describe('the lots each subscription was allocated'),
});

export const draw = endpoint({
  path: '/trade/block_draw',
  auth: true,
  tag,
  summary:
    'The allocation of an allocated block offering: seed, subscriptions (ids and lots) and the recorded allocation.',
  body: body({ id: id(), type: market() }),
  data: allocationProof,
});

// ---------------------------------------------------------------- back office (POST /api/admin<path>)

const adminPage = () => ({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(200).default(20),
});
const adminList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number() });
/** An instant as an ISO 8601 string with its offset (the back office sends `new Date().toISOString()`). */
const instant = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .refine((s) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(s) && !Number.isNaN(Date.parse(s)), 'validation.invalid')
    .transform((s) => new Date(s));
const offeringFields = {
  price: z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z
        .string({ error: 'validation.required' })
        .trim()
        .regex(/^\d{1,15}(\.\d{1,4})?$/, 'validation.amount'),
    )
    .describe('block price, decimal'),
  shares: positiveInt(12).describe('shares available, a multiple of 100'),
  password: verbatim(64).optional().describe('set a password ("" removes it; absent on edit keeps it)'),
  start: instant(),
  end: instant(),
};

export const adminOfferings = endpoint({
  path: '/block/offerings',
  auth: true,
  tag: 'admin',
  summary:
    'Block offerings (status 0 open, 1 allocated, 2 cancelled), newest first; the seed once allocated.',
  body: strictBody({
    status: z.enum(['open', 'allocated', 'cancelled', 'all'], { error: 'validation.invalid' }).default('all'),
    ...adminPage(),
  }),
  data: adminList,
});
export const adminCreateOffering = endpoint({
  path: '/block/create',
  auth: true,
  tag: 'admin',
  summary: 'List a block offering: instrument, fixed price, shares, optional password, window.',
  body: strictBody({
    symbol: text(32),
    ...offeringFields,
  }),
  data: z.object({ id: z.string(), commitment: z.string() }),
});
export const adminEditOffering = endpoint({
  path: '/block/edit',
  auth: true,
  tag: 'admin',
  summary: 'Edit an open offering nobody has subscribed to yet (price, shares, password, window).',
  body: strictBody({ id: id(), ...offeringFields }),
  data: z.null(),
});
export const adminCancelOffering = endpoint({
  path: '/block/cancel',
  auth: true,
  tag: 'admin',
  summary: 'Cancel an open offering: every hold is released.',
  body: strictBody({
    id: id(),
    reason: text(500),
  }),
  data: z.null(),
});
export const adminAllocate = endpoint({
  path: '/block/allocate',
  auth: true,
  tag: 'admin',
  summary:
    'Run the allocation now (closing the window if still open): pro rata in lots of 100, the remainder by the seeded draw. Returns the seed and the result; nobody chooses who gets what.',
  body: strictBody({ id: id() }),
  data: z.object({
    id: z.string(),
    seed: z.string(),
    commitment: z.string(),
    allocated: z.string(),
    lines: z.array(
      z.object({
        id: z.string(),
        user_id: z.string(),
        quantity: z.string(),
        allocated: z.string(),
        status: z.number(),
      }),
    ),
  }),
});
export const adminSubscriptions = endpoint({
  path: '/block/subscriptions',
  auth: true,
  tag: 'admin',
  summary:
    'Block subscriptions, filtered by offering, status (0 pending, 1 allocated, 2 refunded) or account.',
  body: strictBody({
    offering_id: id().optional(),
    status: z
      .enum(['pending', 'allocated', 'refunded', 'all'], { error: 'validation.invalid' })
      .default('all'),
    account: optionalText(64),
    ...adminPage(),
  }),
  data: adminList,
});

export type BlockBuyBody = z.output<typeof blockBuyBody>;
/** Is this `/trade/buy_stock` body a block-trade subscription (`is_qc=2`)? */
export const isBlockBuy = <B extends { is_qc?: unknown }>(b: B | BlockBuyBody): b is BlockBuyBody =>
  b.is_qc === '2' || b.is_qc === 2;
