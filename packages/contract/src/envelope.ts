import { z } from 'zod';

/** `{status: 1, data}` on success (optionally with a success msg key), `{status: 0, msg, params}` on refusal. */
export interface Ok<T> {
  status: 1;
  data: T;
  msg?: string;
}
export interface Refusal {
  status: 0;
  msg: string;
  params?: Record<string, string>;
}
export type Reply<T> = Ok<T> | Refusal;

export const refusalSchema = z.object({
  status: z.literal(0),
  msg: z.string().describe('msg key from the catalogue; the client translates it'),
  params: z.record(z.string(), z.string()).optional(),
});

export const okSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(1), data, msg: z.string().optional() });

/** Header names the clients send. */
export const TOKEN_HEADER = 'token';
export const ACCOUNT_HEADER = 'account';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The proof from /user/stepUp that withdrawals, bank-card and fund-password changes need once a factor is enrolled. */
export const STEP_UP_HEADER = 'step-up';
export const API_BASE = '/api/vue';
export const ADMIN_API_BASE = '/api/admin';
