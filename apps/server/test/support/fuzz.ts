import type { Endpoint } from '@kabuto/contract';
import * as contract from '@kabuto/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'body' in v && 'data' in v;

/**
 * Every call of the contract: each endpoint of every `*Api` namespace, under the API that serves it
 * (the users' /api/vue or the operators' /api/admin, whichever the app answers on; a call that neither
 * serves is left out — the reply check of the API tests catches a route without an endpoint).
 */
export async function contractEndpoints(
  app: FastifyInstance,
): Promise<{ api: 'vue' | 'admin'; e: Endpoint }[]> {
  const out: { api: 'vue' | 'admin'; e: Endpoint }[] = [];
  const served = async (api: 'vue' | 'admin', path: string) =>
    (await app.inject({ method: 'POST', url: `/api/${api}${path}`, payload: {} })).statusCode !== 404;
  for (const [name, mod] of Object.entries(contract)) {
    if (!name.endsWith('Api') || typeof mod !== 'object' || mod === null) continue;
    for (const e of Object.values(mod)) {
      if (!isEndpoint(e)) continue;
      const first: 'vue' | 'admin' = name === 'adminApi' ? 'admin' : 'vue';
      const other = first === 'vue' ? 'admin' : 'vue';
      if (await served(first, e.path)) out.push({ api: first, e });
      else if (await served(other, e.path)) out.push({ api: other, e });
    }
  }
  return out;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  schema?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  options?: z.ZodType[];
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The field schemas of a body, looking through the wrappers (pipes, defaults, preprocessors) and the
 * options of a union (`/trade/buy_stock`: a block subscription or an order), whose fields are merged.
 */
export function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const d = defOf(schema);
  if (d.type === 'object' && d.shape) return d.shape;
  if (d.options?.length) {
    const merged = Object.assign({}, ...d.options.map((o) => fieldsOf(o) ?? {}));
    return Object.keys(merged).length ? merged : null;
  }
  for (const next of [d.innerType, d.in, d.out, d.schema]) {
    const found = next ? fieldsOf(next) : null;
    if (found) return found;
  }
  return null;
}

/** An object with an own property named `__proto__` (as JSON.parse makes it; a literal would set the prototype). */
const ownProto = (v: unknown) => JSON.parse(`{"__proto__": ${JSON.stringify(v)}}`) as Record<string, unknown>;

/**
 * What an attacker puts where a scalar goes: the names of Object.prototype's members (a lookup table read
 * with them finds a function or the prototype itself) and objects whose `toString` / `valueOf` are not
 * functions (a hand `Number(v)` or `String(v)` throws on them).
 */
export const PROTOTYPE_VALUES: readonly unknown[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  { toString: 'x' },
  { valueOf: 1 },
  { toString: 'x', valueOf: 'y' },
  ownProto({ x: 1 }),
  ['__proto__'],
];

/**
 * Deterministic bodies for every field of an endpoint: the other fields plausible (a value the schema
 * names, else "1"), this one each of {@link PROTOTYPE_VALUES}; then one body whose own keys are
 * `__proto__`, `constructor` and `toString` beside the plausible fields.
 */
export function prototypeBodies(schema: z.ZodType): Record<string, unknown>[] {
  const fields = Object.entries(fieldsOf(schema) ?? {});
  const base: Record<string, unknown> = Object.fromEntries(
    fields.map(([k, s]) => [k, namedValues(s)[0] ?? '1']),
  );
  const out: Record<string, unknown>[] = [];
  for (const [k] of fields) for (const v of PROTOTYPE_VALUES) out.push({ ...base, [k]: v });
  out.push({ ...base, ...ownProto({ admin: true }), constructor: { prototype: 'x' }, toString: 'x' });
  return out;
}

/** Values the field's schema names outright (enum options, literals), so some bodies get past the first check. */
function namedValues(schema: z.ZodType, depth = 0): unknown[] {
  if (depth > 8) return [];
  const d = defOf(schema);
  if (d.type === 'enum' && d.entries) return Object.values(d.entries);
  if (d.type === 'literal' && d.values) return d.values;
  const out: unknown[] = [];
  for (const next of [d.innerType, d.in, d.out, d.schema])
    if (next) out.push(...namedValues(next, depth + 1));
  for (const o of d.options ?? []) out.push(...namedValues(o, depth + 1));
  return out;
}

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', 'a\uDFFFb'];
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  ...LONE_SURROGATES,
  '０１２３',
  '１２３４５６',
  '🀄️💴',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  'javascript:alert(1)',
  '9'.repeat(40),
  '-1',
  '0',
  '1e308',
  '-9223372036854775809',
  '9223372036854775808',
  '999999999999999',
  '0.00001',
  '1.5',
  'NaN',
  'Infinity',
  '7203',
  'AAPL',
  'jpy',
  'usd',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  'toString',
];

/** Plausible values: digits, short words, the schema's own options. */
function plausibleArb(schema: z.ZodType | null): fc.Arbitrary<unknown> {
  const named = schema ? namedValues(schema) : [];
  const plausible = fc.oneof(
    fc.constantFrom(
      '1',
      '2',
      '100',
      '1000',
      '123456',
      '112233',
      'secret-pass-9',
      'abc',
      '2026-11-24',
      '7203',
      'jpy',
    ),
    fc.integer({ min: -5, max: 1_000_000 }),
    fc.stringMatching(/^[0-9]{1,8}(\.[0-9]{1,4})?$/),
  );
  return named.length ? fc.oneof(fc.constantFrom(...named), plausible) : plausible;
}

/** Hostile values of every JSON type: unicode, NUL, lone surrogates, numbers past 64 bits, long text. */
const hostileArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    9.2e14,
    2 ** 63,
    0.1 + 0.2,
    -0,
  ),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.constantFrom(...PROTOTYPE_VALUES),
);

const EXTRA_KEYS = ['page', 'size', 'lang', 'buy_type', 'dz_type', 'is_qc', 'other_type', 'exchange', 'type'];

/**
 * Bodies for one endpoint, two kinds alike often:
 * - every known field present, plausible, but one hostile, so that the hostile value meets the deep
 *   checks (and the database) rather than the first refusal;
 * - each known field present or missing, plausible or hostile.
 * Either kind now and then carries fields the schema does not know (the family's extras, random names).
 */
export function bodyArb(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(fieldsOf(schema) ?? {});
  const oneHostile = fields.length
    ? fc
        .tuple(
          fc.record(Object.fromEntries(fields.map(([k, s]) => [k, plausibleArb(s)]))),
          fc.nat({ max: fields.length - 1 }),
          hostileArb,
        )
        .map(([body, i, bad]) => ({ ...(body as Record<string, unknown>), [fields[i][0]]: bad }))
    : fc.constant({});
  const anyMix = fc.record(
    Object.fromEntries(
      fields.map(([k, s]) => [k, fc.oneof(plausibleArb(s), { arbitrary: hostileArb, weight: 2 })]),
    ),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
    fc.oneof(plausibleArb(null), hostileArb),
    { maxKeys: 2 },
  );
  return fc
    .tuple(fc.oneof(oneHostile, anyMix), fc.option(extra, { freq: 4 }))
    .map(([k, e]) => ({ ...(e ?? {}), ...(k as Record<string, unknown>) }));
}
