import { CURRENCIES } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  accepted,
  amount,
  body,
  currency,
  emptyToUndefined,
  halfWidth,
  id,
  lang,
  market,
  wireMoney as money,
  optionalText,
  paging,
  text,
  wireUnix as unix,
} from '../fields.ts';

/**
 * Money calls: wallets, identity verification, bank cards, deposits, withdrawals, exchange, loans,
 * fund records, and the product lists whose frozen amounts count in the user's assets.
 * Paths and field names are the wire's (API.md "Money"); services use English names.
 * Money is a decimal string with 4 decimals; times are unix seconds.
 */
const tag = 'funds';

/** The wallet of a call (`type`): any of the nine currencies, jpy by default. */
const wallet = () => currency().default('jpy');
const unixOrNull = z.number().nullable().describe('unix seconds, null until decided');
/** 0 pending review, 1 approved, 2 rejected (deposits, withdrawals, loans add 3 repaid). */
const reviewStatus = z.number().describe('0 pending review, 1 approved, 2 rejected');
/** Money lists: `page` / `size`, 50 rows by default (a user's pending requests stay on the first page). */
const LIST_SIZE = 50;
/** A JST calendar date `YYYY-MM-DD`. */
const date = () =>
  halfWidth(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .describe('JST date YYYY-MM-DD');
/** A path returned by /common/upload1 (`uploads/<name>`). */
const uploadPath = (missing: 'deposit.proofRequired' | 'validation.required' = 'validation.required') =>
  z
    .string({ error: (iss) => (iss.input === undefined ? missing : 'validation.invalid') })
    .trim()
    .min(1, missing)
    .max(200, 'validation.tooLong')
    .describe('path returned by /common/upload1');

// ---------------------------------------------------------------- uploads and verification

/** Multipart upload: one image in field `card` (JPEG, PNG or WebP by its bytes, ≤ 10 MB). */
export const upload1 = endpoint({
  path: '/common/upload1',
  auth: true,
  tag: 'kyc',
  summary:
    'Upload an image (multipart/form-data, field `card`): JPEG, PNG or WebP (checked by its bytes), at most 10 MB. `data` is its relative path (`uploads/<name>`, what /user/shiming and /user/chongzhi take); the reply also carries `url`, a signed URL that shows it in a plain <img> without headers for 15 minutes (GET, HMAC over path, session holder and expiry; altered or expired → 401). The bare path serves only its owner (token header) and operators.',
  body: body({}),
  data: z.string().describe('relative path, e.g. uploads/3f…9a.jpg'),
});

/**
 * The owner's copy of an upload: GET /api/vue/uploads/:name with the `token` header, or the signed URL
 * (`?s=&e=&sig=`) a reply gave, without headers.
 */
export const uploadFile = { path: '/uploads/:name', method: 'GET' } as const;

export const shiming = endpoint({
  path: '/user/shiming',
  auth: true,
  tag: 'kyc',
  summary:
    'Submit identity verification: name, ID number, front and back images (paths from /common/upload1), privacy notice accepted. Refused when already verified or under review; allowed again after a rejection.',
  body: body({
    realname: text(50).describe('full name as on the ID'),
    id_card: halfWidth(30).describe('ID number'),
    frontcard: uploadPath().describe('front image path'),
    backcard: uploadPath().describe('back image path'),
    privacy: accepted('kyc.privacyRequired')
      .optional()
      .describe(
        'privacy notice accepted: 1 / true / on (the app requires the tick; older clients may omit it)',
      ),
  }),
  data: z.null(),
});

// ---------------------------------------------------------------- bank cards

export const ACCOUNT_TYPES = ['ordinary', 'current', 'savings'] as const;
const card = {
  realname: text(50).describe('holder name: must equal the verified real name'),
  bank_num: halfWidth(30).describe('account number'),
  bank_name: text(60).describe('bank'),
  bank_address: optionalText(100).default('').describe('branch name (may be empty)'),
  bank_code: halfWidth(10).describe('branch code'),
  account_type: z
    .enum(ACCOUNT_TYPES, { error: 'validation.invalid' })
    .default('ordinary')
    .describe('ordinary (普通), current (当座), savings (貯蓄)'),
};
const cardRow = z.object({
  id: z.string(),
  realname: z.string(),
  bank_num: z.string().describe('masked: last 4 digits only'),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_code: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  create_time: unix,
});

export const cardList = endpoint({
  path: '/user/cardList',
  auth: true,
  tag,
  summary: "The user's bank accounts, numbers masked (page / size).",
  body: body({ ...paging(LIST_SIZE) }),
  data: z.array(cardRow),
});
export const addCard = endpoint({
  path: '/user/addCard',
  auth: true,
  tag,
  summary: 'Add a bank account in the verified name (duplicates refused).',
  body: body(card),
  data: z.object({ id: z.string() }),
});
export const editCard = endpoint({
  path: '/user/editCard',
  auth: true,
  tag,
  summary: 'Edit one of the user’s bank accounts (another user’s id → bank.notFound).',
  body: body({ bankid: id(), ...card }),
  data: z.null(),
});
export const delbakcard = endpoint({
  path: '/user/delbakcard',
  auth: true,
  tag,
  summary: 'Remove one of the user’s bank accounts.',
  body: body({ bankid: id() }),
  data: z.null(),
});

// ---------------------------------------------------------------- deposits

const channelRow = z.object({
  id: z.string(),
  type: z.enum(CURRENCIES),
  name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  bank: z.string(),
  branch: z.string(),
  open_from: z.string().describe('HH:MM JST'),
  open_to: z.string().describe('HH:MM JST (inclusive)'),
  quick: z.boolean().describe('quick top-up: open every day, not only on business days'),
  open: z.boolean().describe('accepting deposits now'),
  min: money,
  max: money,
});

export const rechargeChannel = endpoint({
  path: '/common/recharge_channel',
  auth: true,
  tag,
  summary: 'Deposit channels of a wallet: receiving account details, window, limits, whether open now.',
  body: body({ type: wallet() }),
  data: z.array(channelRow),
});

export const ischongzhi = endpoint({
  path: '/user/ischongzhi',
  auth: true,
  tag,
  summary:
    'Deposit pre-check: amount within limits, channel password, identity verified, no deposit pending, channel open. Nothing is written.',
  body: body({
    money: amount(),
    type: wallet(),
    rpassword: text(64).describe('channel password'),
    channel: id().optional().describe('deposit channel id (checked against its window when given)'),
  }),
  data: z.object({ money, type: z.enum(CURRENCIES), min: money, max: money }),
});

export const chongzhi = endpoint({
  path: '/user/chongzhi',
  auth: true,
  money: true,
  tag,
  summary:
    'Submit a deposit with the transfer proof. Nothing moves until an operator approves it (then bank → cash and a fund record).',
  body: body({
    money: amount(),
    type: wallet(),
    rjpz: uploadPath('deposit.proofRequired').describe('transfer-proof image path'),
    channel: id().describe('deposit channel id'),
    rpassword: text(64)
      .optional()
      .describe('channel password; may be left out within 30 minutes of a passed /user/ischongzhi pre-check'),
  }),
  data: z.object({ id: z.string(), order_number: z.string() }),
});

const depositRow = z.object({
  id: z.string(),
  order_number: z.string(),
  type: z.enum(CURRENCIES),
  money,
  status: reviewStatus,
  reason: z.string().describe('why it was rejected ("" otherwise)'),
  channel: z.string().describe('channel name'),
  rjpz: z.string().describe('transfer-proof path (uploads/<name>)'),
  rjpz_url: z.string().describe('signed URL of the proof: works without headers for 15 minutes'),
  create_time: unix,
  check_time: unixOrNull,
});

export const rechargelist = endpoint({
  path: '/user/rechargelist',
  auth: true,
  tag,
  summary: 'The user’s deposits, newest first (all wallets unless `type` is given; page / size).',
  body: body({ type: currency().optional(), ...paging(LIST_SIZE) }),
  data: z.array(depositRow),
});

// ---------------------------------------------------------------- withdrawals

export const withdrawal = endpoint({
  path: '/user/withdrawal',
  auth: true,
  money: true,
  tag,
  summary:
    'Request a withdrawal to one of the user’s bank accounts. The amount is reserved at once (frozen) until an operator approves (paid out) or rejects (returned).',
  body: body({
    money: amount(),
    bankid: id().describe('bank account id'),
    passwords: text(32).describe('fund password'),
    type: wallet(),
  }),
  data: z.object({ id: z.string(), order_number: z.string() }),
});

const withdrawalRow = z.object({
  id: z.string(),
  order_number: z.string(),
  type: z.enum(CURRENCIES),
  money,
  status: reviewStatus,
  reason: z.string(),
  bank_name: z.string(),
  bank_num: z.string().describe('masked'),
  create_time: unix,
  check_time: unixOrNull,
});

export const withdrawallist = endpoint({
  path: '/user/withdrawallist',
  auth: true,
  tag,
  summary: 'The user’s withdrawals of a wallet, newest first (status 0 counts as frozen; page / size).',
  body: body({ type: wallet(), ...paging(LIST_SIZE) }),
  data: z.array(withdrawalRow),
});

// ---------------------------------------------------------------- exchange

const exchangeQuote = z.object({
  from: z.enum(CURRENCIES),
  to: z.enum(CURRENCIES),
  rate: z.string().describe('units of `to` per unit of `from`, spread included'),
  mid: z.string().describe('mid-market rate before the spread'),
  spread: z.string().describe('spread in percent'),
  money: money.optional(),
  converted: money.optional().describe('what arrives, rounded down to the currency’s minor unit'),
});

export const rotationRate = endpoint({
  path: '/user/rotation_rate',
  auth: true,
  tag,
  summary: 'Exchange preview: the current rate of a pair and, with `money`, what would arrive.',
  body: body({ from: currency(), to: currency(), money: amount().optional() }),
  data: exchangeQuote,
});

export const rotation = endpoint({
  path: '/user/rotation',
  auth: true,
  money: true,
  tag,
  summary:
    'Exchange between two wallets at the current rate (stored with the transfer pair). Same currency refused.',
  body: body({ money: amount(), from: currency(), to: currency() }),
  data: exchangeQuote.extend({ order_number: z.string() }),
});

// ---------------------------------------------------------------- loans

export const loaninfo = endpoint({
  path: '/user/loaninfo',
  auth: true,
  tag,
  summary:
    'Loan terms before applying: credit score, limit, borrowed, available, annual rate and the interest a given amount would cost per day and per 30 days.',
  body: body({ type: wallet(), money: amount().optional() }),
  data: z.object({
    type: z.enum(CURRENCIES),
    xyf: z.number().describe('credit score'),
    kjed: money.describe('loan limit'),
    yjed: money.describe('borrowed (unpaid principal)'),
    available: money,
    rate: z.string().describe('annual interest rate in percent'),
    pending: z.boolean().describe('an application awaits review'),
    unpaid: z.boolean(),
    daily_interest: money.optional(),
    interest_30d: money.optional(),
    verified: z.boolean().describe('identity verified (Kabuto extension)'),
    limit_source: z
      .enum(['operator', 'rule', 'none'])
      .describe("Kabuto extension: the limit is an operator's, the credit-score rule's, or none yet"),
    tiers: z
      .array(z.object({ score: z.number(), limit: money }))
      .describe(
        'Kabuto extension: the starting-limit rule of verified users in this wallet (the highest tier the score reaches)',
      ),
  }),
});

export const toJq = endpoint({
  path: '/user/to_jq',
  auth: true,
  money: true,
  tag,
  summary:
    'Apply for a loan (≤ available limit, no pending application, no unpaid loan when configured). Money moves when an operator approves.',
  body: body({ type: wallet(), money: amount() }),
  data: z.object({ id: z.string(), order_number: z.string() }),
});

export const toHq = endpoint({
  path: '/user/to_hq',
  auth: true,
  money: true,
  tag,
  summary:
    'Repay the wallet’s unpaid loans in full: `money` must be at least principal + interest; exactly that is charged.',
  body: body({ type: wallet(), money: amount() }),
  data: z.object({ order_number: z.string(), principal: money, interest: money, total: money }),
});

const loanRow = z.object({
  id: z.string(),
  order_number: z.string(),
  type: z.enum(CURRENCIES),
  money,
  rate: z.string().describe('annual rate in percent'),
  interest: money.describe('accrued (unpaid) or paid (repaid) interest'),
  status: z.number().describe('0 pending review, 1 borrowed (unpaid), 2 rejected, 3 repaid'),
  reason: z.string(),
  create_time: unix,
  check_time: unixOrNull,
  repay_time: unixOrNull,
});

export const loanlist = endpoint({
  path: '/user/loanlist',
  auth: true,
  tag,
  summary: 'Loan applications and loans of a wallet, newest first (page / size).',
  body: body({ type: wallet(), ...paging(LIST_SIZE) }),
  data: z.array(loanRow),
});

// ---------------------------------------------------------------- fund records

/** Fund record types (spec §9 plus loans). */
export const FUND_RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'lending',
  'stock_buy',
  'stock_sell',
  'fee',
  'stamp_duty',
  'copy_trade',
  'copy_trade_refund',
  'daily_profit',
  'exchange',
  'ipo_payment',
  'ipo_refund',
  'loan',
  'repay',
  'interest',
  'adjustment',
  'day_trade',
  'day_trade_settlement',
] as const;
export type FundRecordType = (typeof FUND_RECORD_TYPES)[number];

const recordRow = z.object({
  id: z.string(),
  order_number: z.string(),
  kind: z.enum(FUND_RECORD_TYPES),
  type: z.enum(CURRENCIES),
  money: money.describe('signed: + in, − out'),
  balance: money.describe('cash balance after this record'),
  stock_name: z.string(),
  stock_code: z.string(),
  product_name: z.string(),
  issuer: z.string(),
  memo: z.string(),
  create_time: unix,
  title: z.string().describe('the record type in the reply language (決済損益 for the P&L part of a close)'),
  detail: z.string().describe('instrument, exchange pair and rate ("円→米ドル 1USD=155.72円"), or the memo'),
});

const recordFilter = {
  type: currency().optional().describe('wallet; all when absent'),
  kind: z.enum(FUND_RECORD_TYPES, { error: 'validation.invalid' }).optional().describe('record type'),
  start: date().optional(),
  end: date().optional(),
};

export const capitalloglist = endpoint({
  path: '/user/capitalloglist',
  auth: true,
  tag,
  summary:
    "Fund records, newest first, filtered by wallet, record type and JST date range: `{list, total}` when the request asks for a `page`, the first page as an array when it does not (the family's clients).",
  body: body({
    ...recordFilter,
    ...paging(),
    page: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'validation.invalid' })
        .int('validation.invalid')
        .min(1, 'validation.invalid')
        .max(10_000, 'validation.invalid')
        .optional()
        .describe('page, 1-based; absent: the reply is the first page as an array'),
    ),
    lang: lang(),
  }),
  data: z.union([
    z.object({ list: z.array(recordRow), total: z.number() }),
    z.array(recordRow).describe('no `page` in the request: the first page, as an array'),
  ]),
});

export const capitallogcsv = endpoint({
  path: '/user/capitallogcsv',
  auth: true,
  tag,
  summary:
    'CSV statement of a JST date range (at most 366 days): per wallet, opening balance, every record, closing balance. Closing − opening = Σ records = the ledger’s movement of the cash account.',
  body: body({ type: currency().optional(), start: date(), end: date(), lang: lang() }),
  data: z.object({
    filename: z.string(),
    content: z.string().describe('text/csv; UTF-8 with BOM'),
    wallets: z.array(
      z.object({ type: z.enum(CURRENCIES), opening: money, closing: money, inflow: money, outflow: money }),
    ),
  }),
});

// ---------------------------------------------------------------- product lists (frozen amounts)

export const userproductlist = endpoint({
  path: '/trade/userproductlist',
  auth: true,
  tag: 'trading',
  summary:
    'Copy-trade orders, newest first (status 0 following, 1 ended, 2 locked; the money of stakes not ended counts as frozen).',
  body: body({ type: market(), lang: lang(), ...paging(LIST_SIZE) }),
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
