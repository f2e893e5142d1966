import type { Currency } from '@kabuto/domain';

/** Public settings from `/common/config` that the money screens show (JSON values on the wire). */
type ConfigMap = Readonly<Record<string, string>> | null | undefined;

function parse(config: ConfigMap, name: string): unknown {
  const raw = config?.[name];
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export interface Range {
  min: string;
  max: string;
}

const isRange = (v: unknown): v is Range =>
  !!v && typeof (v as Range).min === 'string' && typeof (v as Range).max === 'string';

/** Per-request limits of a wallet (`deposit_limits` / `withdraw_limits`). */
export function limitsOf(config: ConfigMap, name: 'deposit_limits' | 'withdraw_limits', c: Currency) {
  const all = parse(config, name) as Record<string, unknown> | undefined;
  const r = all?.[c];
  return isRange(r) ? r : null;
}

/** The withdrawal window (`withdraw_window`, JST, business days). */
export function withdrawWindow(config: ConfigMap): Range | null {
  const w = parse(config, 'withdraw_window') as { from?: unknown; to?: unknown } | undefined;
  return w && typeof w.from === 'string' && typeof w.to === 'string' ? { min: w.from, max: w.to } : null;
}
