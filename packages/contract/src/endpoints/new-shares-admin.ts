import { LISTING_BOARDS } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  amount,
  strictBody as body,
  choice,
  id,
  market,
  optionalText,
  positiveInt,
  text,
} from '../fields.ts';

/**
 * The back office of new shares (POST /api/admin<path>, part of `adminApi`): the catalogue, the
 * lottery on demand, the applications. No call chooses who wins.
 */

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
/** Required text (trimmed, storable: no NUL or lone surrogate). */
const label = (max: number) => text(max);

/** An offering as the operator writes it (create, or edit with `id`). */
export const offeringInput = {
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,12}$/, 'validation.invalid')
    .transform((s) => s.toUpperCase()),
  market: market(),
  board: z.enum(LISTING_BOARDS, { error: 'validation.invalid' }),
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
  underwriter: optionalText(100).default(''),
  pe: optionalText(20).default(''),
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
    account: optionalText(64),
    ...adminPage(),
  }),
  data: z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number() }),
});
