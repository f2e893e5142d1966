import type { Language } from '@kabuto/contract';

/** A record the operator names in the three languages (an offering, a copy-trade product). */
export type Named = {
  readonly [field: string]: unknown;
  name_jp?: unknown;
  name_cn?: unknown;
  name_us?: unknown;
};

/** The record's name in the operator's language, or its Japanese name when that one is empty. */
export function nameIn(row: Named, lang: Language): string {
  const own = row[`name_${lang}`];
  const name = typeof own === 'string' ? own.trim() : '';
  return name || (typeof row.name_jp === 'string' ? row.name_jp : '');
}
