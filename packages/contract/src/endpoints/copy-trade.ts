import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  amount,
  body,
  fundPassword,
  id,
  lang,
  MONEY_LIST_SIZE,
  market,
  wireMoney as money,
  optionalText,
  paging,
  strictBody,
  text,
  wireUnix as unix,
} from '../fields.ts';

/**
 * Copy-trade ("quant auto trading") products: model portfolios run by a named issuer, whose NAV comes
 * from market prices (live in the session, fixed at each close). Following moves cash into the user's
 * stake at the NAV; after each close the stake's daily P&L (units × ΔNAV) is paid to cash when a gain and
 * taken from the stake when a loss. `dprofit` is a stated target only. The orders list,
 * `/trade/userproductlist`, counts the stakes not ended as frozen in the user's assets.
 */
const tag = 'products';
const num = (d: string) => z.number().describe(d);

export const productRow = z
  .object({
    id: z.string(),
    name: z.string(),
    sender: z.string().describe('issuer'),
    market: z.string(),
    dprofit: num('stated daily target return, % (a target only, never paid)'),
    money: money.describe('minimum investment'),
    capital: money.describe('capacity left to raise'),
    capacity: money.describe('capacity (fundraising amount)'),
    scday: num('lock-in, calendar days'),
    end: unix.describe('follow deadline'),
    ends: unix.describe("the product's end (every stake returns)"),
    nav: num('NAV per unit now (live during the session), starting at 1.0000'),
    nav_change: num('NAV change since the last close, %'),
    nav_total: num('NAV change since inception, %'),
    status: num('0 listed, 1 delisted, 2 ended'),
    inception: z.string().describe('exchange-local date the NAV was 1.0000'),
  })
  .catchall(z.unknown());

export const products = endpoint({
  path: '/trade/productlist',
  auth: true,
  tag,
  summary: 'Copy-trade products of a market that are listed, with their NAV now.',
  body: body({ type: market(), lang: lang(), ...paging(50) }),
  data: z.array(productRow),
});

export const productDay = z.object({
  date: z.string().describe('exchange-local date'),
  time: unix.describe('the close'),
  nav: num('NAV fixed at that close'),
  target: num('the NAV the stated daily target would have reached (compounded per trading day)'),
});

export const product = endpoint({
  path: '/trade/productdetail',
  auth: true,
  tag,
  summary:
    'One product: its constituents and weights at current prices, its NAV history against the target, and the caller’s own figures (stakes, daily P&L).',
  body: body({ id: id(), type: market(), lang: lang() }),
  data: productRow.extend({
    constituents: z.array(
      z.object({
        symbol: z.string(),
        name: z.string(),
        weight: num('weight at the last rebalance, %'),
        price: num('price now'),
        gain: num('change today, %'),
      }),
    ),
    history: z.array(productDay),
    mine: z.object({
      cj_money: money.describe('invested in stakes not ended'),
      money: money.describe('money in those stakes now'),
      value: money.describe('their units at the NAV now'),
      aprofit: money.describe('P&L booked on every stake of this product'),
      orders: z.number(),
      days: z.array(
        z.object({
          date: z.string(),
          nav: num('NAV of that close'),
          profit: money.describe('booked that day'),
        }),
      ),
    }),
  }),
});

export const follow = endpoint({
  path: '/trade/buy_product',
  auth: true,
  money: true,
  tag,
  summary:
    'Follow a product: before the deadline, at least the minimum, within the capacity left; the money moves from cash to the stake at the NAV now.',
  body: body({
    id: id(),
    money: amount().describe('amount to follow with'),
    type: market(),
    password: fundPassword().optional().describe('the fund password (checked when sent)'),
  }),
  data: z.object({ id: z.string(), order_no: z.string(), status: z.number(), units: money, nav: money }),
});

export const redeem = endpoint({
  path: '/trade/redeem_product',
  auth: true,
  money: true,
  tag,
  summary: 'Redeem a stake (order id) after its lock-in: the money in the stake returns to cash.',
  body: body({ id: id(), type: market() }),
  data: z.object({ id: z.string(), refund: money }),
});

// ---------------------------------------------------------------- back office (POST /api/admin<path>)

const adminPage = () => ({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(200).default(20),
});
const adminList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number() });
const instant = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .refine((s) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(s) && !Number.isNaN(Date.parse(s)), 'validation.invalid')
    .transform((s) => new Date(s));
const weights = () =>
  z
    .array(
      z.strictObject(
        {
          symbol: text(32),
          weight_bp: z.coerce
            .number({ error: 'validation.invalid' })
            .int('validation.invalid')
            .min(1)
            .max(10_000),
        },
        { error: 'validation.invalid' },
      ),
      { error: 'validation.invalid' },
    )
    .min(1, 'product.badWeights')
    .max(30, 'product.badWeights')
    .describe('constituents and weights in basis points, adding up to 10000');
const terms = {
  name_jp: text(100),
  name_cn: text(100),
  name_us: text(100),
  issuer: text(100),
  target_bp: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(-10_000, 'validation.invalid')
    .max(10_000, 'validation.invalid')
    .describe('stated daily target, basis points (shown only)'),
  minimum: amount(),
  capacity: amount(),
  lock_days: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(0).max(3650),
  deadline: instant(),
  ends: instant(),
};

export const adminProducts = endpoint({
  path: '/product/list',
  auth: true,
  tag: 'admin',
  summary: 'Products (0 listed, 1 delisted, 2 ended) with their constituents, NAV and amounts raised.',
  body: strictBody({
    status: z.enum(['listed', 'delisted', 'ended', 'all'], { error: 'validation.invalid' }).default('all'),
    ...adminPage(),
  }),
  data: adminList,
});
export const adminCreateProduct = endpoint({
  path: '/product/create',
  auth: true,
  tag: 'admin',
  summary: 'Create a product: its NAV is 1.0000 at the market prices now, with these weights.',
  body: strictBody({ market: market(), ...terms, constituents: weights() }),
  data: z.object({ id: z.string() }),
});
export const adminEditProduct = endpoint({
  path: '/product/edit',
  auth: true,
  tag: 'admin',
  summary: 'Edit a product’s terms and listing (never its NAV, its constituents or anyone’s profit).',
  body: strictBody({ id: id(), ...terms, listed: z.boolean({ error: 'validation.invalid' }) }),
  data: z.null(),
});
export const adminRebalance = endpoint({
  path: '/product/rebalance',
  auth: true,
  tag: 'admin',
  summary: 'Rebalance at market prices now (the NAV does not move); the reason is recorded and audited.',
  body: strictBody({ id: id(), constituents: weights(), reason: text(500) }),
  data: z.object({ nav: money }),
});
export const adminRebalances = endpoint({
  path: '/product/rebalances',
  auth: true,
  tag: 'admin',
  summary: 'A product’s rebalances, newest first: who, when, why, the weights and prices before and after.',
  body: strictBody({ id: id(), ...adminPage() }),
  data: adminList,
});
export const adminStakes = endpoint({
  path: '/product/stakes',
  auth: true,
  tag: 'admin',
  summary:
    'Stakes, filtered by product, status (0 following, 1 ended, 2 locked) or account; each product named in the request’s `lang` (its Japanese name where it has none in that language).',
  body: strictBody({
    product_id: id().optional(),
    lang: lang(),
    status: z.enum(['following', 'locked', 'ended', 'all'], { error: 'validation.invalid' }).default('all'),
    account: optionalText(64),
    ...adminPage(),
  }),
  data: adminList,
});

// ---------------------------------------------------------------- orders (frozen amounts)

export const orders = endpoint({
  path: '/trade/userproductlist',
  auth: true,
  tag: 'trading',
  summary:
    'Copy-trade orders, newest first (status 0 following, 1 ended, 2 locked; the money of stakes not ended counts as frozen).',
  body: body({ type: market(), lang: lang(), ...paging(MONEY_LIST_SIZE) }),
  data: z.array(
    z
      .object({
        id: z.string(),
        order_no: z.string(),
        product_id: z.string(),
        name: z.string(),
        sender: z.string().describe('issuer'),
        money: money.describe('money in the stake now'),
        cj_money: money.describe('invested'),
        dprofit: z.number().describe('stated daily target, % (a target only)'),
        scday: z.number().describe('lock-in days'),
        aprofit: money.describe('P&L booked so far'),
        tprofit: money.describe('P&L booked at the last close'),
        units: money,
        nav: z.number().describe('NAV at entry'),
        buy_time: unix,
        lock_time: unix.describe('end of the lock-in'),
        end: unix.describe("the product's end"),
        status: z.number().describe('0 following, 1 ended, 2 locked'),
        create_time: unix,
        end_time: z.number().nullable(),
      })
      .catchall(z.unknown()),
  ),
});
