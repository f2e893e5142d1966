import { CURRENCIES } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  amount,
  body,
  currency,
  emptyToUndefined,
  halfWidth,
  id,
  lang,
  MONEY_LIST_SIZE,
  wireMoney as money,
  optionalText,
  pageNumber,
  paging,
  text,
  wireUnix as unix,
  unixOrNull,
  wallet,
} from '../fields.ts';
import { uploadPath } from './uploads.ts';

/**
 * Money calls: bank cards, deposits, withdrawals, exchange and fund records (identity verification is in
 * `kyc.ts`, uploads in `uploads.ts`, loans in `loans.ts`, the copy-trade orders in `copy-trade.ts`).
 * Paths and field names are the wire's (docs/wire.md); services use English names.
 * Money is a decimal string with 4 decimals; times are unix seconds.
 */
const tag = 'funds';

/** 0 pending review, 1 approved, 2 rejected (deposits, withdrawals, loans add 3 repaid). */
const reviewStatus = z.number().describe('0 pending review, 1 approved, 2 rejected');
/** A JST calendar date `YYYY-MM-DD`. */
const date = () =>
  halfWidth(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .describe('JST date YYYY-MM-DD');

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

export const cards = endpoint({
  path: '/user/cardList',
  auth: true,
  tag,
  summary: "The user's bank accounts, numbers masked (page / size).",
  body: body({ ...paging(MONEY_LIST_SIZE) }),
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
export const removeCard = endpoint({
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
  needs_password: z.boolean().describe('a deposit through it asks for the channel password'),
  bankname: z.string().describe('the receiving bank (the family clients’ name for `bank`)'),
  bankcard: z
    .string()
    .describe('the receiving account number (the family clients’ name for `account_number`)'),
  min: money,
  max: money,
});

export const depositChannels = endpoint({
  path: '/common/recharge_channel',
  auth: true,
  tag,
  summary: 'Deposit channels of a wallet: receiving account details, window, limits, whether open now.',
  body: body({ type: wallet() }),
  data: z.array(channelRow),
});

export const depositCheck = endpoint({
  path: '/user/ischongzhi',
  auth: true,
  tag,
  summary:
    'Deposit pre-check: amount within limits, channel password, identity verified, no deposit pending, channel open. Nothing is written.',
  body: body({
    money: amount(),
    type: wallet(),
    rpassword: text(64)
      .optional()
      .describe('channel password; needed unless the channel (or every channel of the wallet) needs none'),
    channel: id().optional().describe('deposit channel id (checked against its window when given)'),
  }),
  data: z.object({ money, type: z.enum(CURRENCIES), min: money, max: money }),
});

export const deposit = endpoint({
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
    channel: id()
      .optional()
      .describe(
        'deposit channel id; optional when exactly one channel of the wallet is open (that one is used)',
      ),
    rpassword: text(64)
      .optional()
      .describe(
        'channel password when the channel needs one; may be left out within 30 minutes of a passed /user/ischongzhi pre-check',
      ),
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
  rjpz: z.string().describe('transfer-proof path: signed, with a leading / (as /common/upload1 gives it)'),
  rjpz_url: z.string().describe('signed URL of the proof: works without headers for 15 minutes'),
  create_time: unix,
  check_time: unixOrNull,
});

export const deposits = endpoint({
  path: '/user/rechargelist',
  auth: true,
  tag,
  summary: 'The user’s deposits, newest first (all wallets unless `type` is given; page / size).',
  body: body({ type: currency().optional(), ...paging(MONEY_LIST_SIZE) }),
  data: z.array(depositRow),
});

// ---------------------------------------------------------------- withdrawals

export const withdraw = endpoint({
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

export const withdrawable = endpoint({
  path: '/user/withdrawable',
  auth: true,
  tag,
  summary:
    'What of a wallet may be withdrawn now: the available cash less the sale proceeds not settled yet (T+2 Japan and Korea, T+1 US and China, on the market’s calendar), and when each unsettled part becomes withdrawable.',
  body: body({ type: wallet() }),
  data: z.object({
    type: z.enum(CURRENCIES),
    available: money.describe('available cash (trading may use all of it)'),
    withdrawable: money.describe('what a withdrawal may take now'),
    unsettled: z
      .array(
        z.object({
          money: money.describe('sale proceeds settling that day'),
          settle_date: z
            .string()
            .describe('settlement date (exchange-local YYYY-MM-DD): withdrawable from then'),
        }),
      )
      .describe('unsettled sale proceeds by settlement date, ascending'),
  }),
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

export const withdrawals = endpoint({
  path: '/user/withdrawallist',
  auth: true,
  tag,
  summary: 'The user’s withdrawals of a wallet, newest first (status 0 counts as frozen; page / size).',
  body: body({ type: wallet(), ...paging(MONEY_LIST_SIZE) }),
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

export const exchangeRate = endpoint({
  path: '/user/rotation_rate',
  auth: true,
  tag,
  summary: 'Exchange preview: the current rate of a pair and, with `money`, what would arrive.',
  body: body({ from: currency(), to: currency(), money: amount().optional() }),
  data: exchangeQuote,
});

export const exchange = endpoint({
  path: '/user/rotation',
  auth: true,
  money: true,
  tag,
  summary:
    'Exchange between two wallets at the current rate (stored with the transfer pair). Same currency refused.',
  body: body({ money: amount(), from: currency(), to: currency() }),
  data: exchangeQuote.extend({ order_number: z.string() }),
});

// ---------------------------------------------------------------- fund records

/** Fund record types: the family's twelve, plus loans, day trading and corporate actions. */
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
  'dividend',
  'manufactured_dividend',
  'fractional_cash',
  'split_adjustment',
  'tax_withheld',
  'tax_refund',
  'margin_interest',
  'short_fee',
  'short_premium',
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

export const records = endpoint({
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
      pageNumber().optional().describe('page, 1-based; absent: the reply is the first page as an array'),
    ),
    after: z.preprocess(
      emptyToUndefined,
      id()
        .optional()
        .describe(
          'the `id` of the last record already shown: the reply starts with the record after it (a seek: new records cannot shift or repeat rows between pages) and `page` then only asks for the `{list, total}` shape; an id that is not one of the user’s records gives an empty list',
        ),
    ),
    lang: lang(),
  }),
  data: z.union([
    z.object({ list: z.array(recordRow), total: z.number() }),
    z.array(recordRow).describe('no `page` in the request: the first page, as an array'),
  ]),
});

export const statement = endpoint({
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
