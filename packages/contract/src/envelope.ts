import { z } from 'zod';

/**
 * `{status: 1, data}` on success (with `code`, a success msg key, and `msg`, its family text, when the call
 * names one), `{status: 0, code, msg, params}` on refusal. `code` is the catalogue key Kabuto's apps
 * translate; `msg` is the text the family's clients look up (`familyMsg`).
 */
export interface Ok<T> {
  status: 1;
  data: T;
  code?: string;
  msg?: string;
}
export interface Refusal {
  status: 0;
  code: string;
  msg: string;
  params?: Record<string, string>;
}
export type Reply<T> = Ok<T> | Refusal;

export const refusalSchema = z.object({
  status: z.literal(0),
  code: z.string().describe("msg key from the catalogue; Kabuto's apps translate it"),
  msg: z.string().describe("the family's text for the key (its cn text when the family has none)"),
  params: z.record(z.string(), z.string()).optional(),
});

export const okSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal(1),
    data,
    code: z.string().optional().describe('success msg key, when the call names one'),
    msg: z.string().optional().describe("the family's text for code"),
  });

/** Header names the clients send. */
export const TOKEN_HEADER = 'token';
export const ACCOUNT_HEADER = 'account';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The proof from /user/stepUp that withdrawals, bank-card and fund-password changes need once a factor is enrolled. */
export const STEP_UP_HEADER = 'step-up';
export const API_BASE = '/api/vue';
export const ADMIN_API_BASE = '/api/admin';

/** The transport rules of the `/api/vue` family (docs/wire.md, "Transport"), at the top of the OpenAPI page. */
export const API_DESCRIPTION = [
  'POST-only API under /api/vue: bodies form-encoded or JSON (both validated alike), uploads multipart.',
  'Lenient in what it accepts: unknown body fields (page, size, offset, lang, buy_type, dz_type, is_qc, other_type, exchange, …) are ignored, known fields are validated strictly.',
  'Lists take page / size (1-based; a size above the list’s maximum is clamped to it). lang is jp | cn | us, with the aliases ja | zh | en; others fall back to jp.',
  'Replies: {status: 1, data, code?, msg?} or {status: 0, code: <key>, msg: <the family text>, params}: code is the catalogue key, msg the text the family’s clients look up (the cn text for keys they have none for). Market data (quote fields, k-line OHLCV) and position valuation (nowprice, yingkui, gain, ccsz, fdyk, lsyk) are JSON numbers at their precision; entered and settled amounts are decimal strings.',
  '`type` names the market of a symbol (jpy, usd, cny, krw); another market’s symbol is refused with trade.marketMismatch.',
  'Uploaded images are private: replies that name one carry a signed URL (…?s=&e=&sig=) that works without headers for 15 minutes.',
].join('\n\n');
