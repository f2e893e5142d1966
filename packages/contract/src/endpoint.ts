import type { z } from 'zod';

/** One call of the wire contract: its path under /api/vue, who may call it, and its body and data. */
export interface Endpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  path: string;
  /** true: needs the `token` header (401 otherwise). */
  auth: boolean;
  body: B;
  data: D;
  summary: string;
  tag: string;
  /** Moves money: accepts Idempotency-Key and is rate limited. */
  money?: boolean;
}

export const endpoint = <B extends z.ZodType, D extends z.ZodType>(e: Endpoint<B, D>): Endpoint<B, D> => e;
export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType> ? z.output<B> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;
