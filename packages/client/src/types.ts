import type { Endpoint } from '@kabuto/contract';
import type { z } from 'zod';

/** What a caller sends: the input side of the contract's body schema. */
export type BodyIn<E> = E extends Endpoint<infer B, z.ZodType> ? z.input<B> : never;
/** What a caller gets back in `data`. */
export type DataOut<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;

/** A successful reply: `data`, and the success msg key (`code`) when the server sent one (e.g. ok.changed). */
export interface Reply<T> {
  data: T;
  code?: string;
}
