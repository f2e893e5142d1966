import { groupThousands } from '@kabuto/domain';

/** Exchange rates are decimal strings ("0.006415724865"); shown with string and bigint maths only. */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

function parse(rate: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  return BigInt(m[1]) * ONE + BigInt(frac);
}

function render(scaled: bigint, significant: number): string {
  if (scaled <= 0n) return '0';
  const whole = scaled / ONE;
  const frac = (scaled % ONE).toString().padStart(SCALE, '0');
  if (whole > 0n) {
    const keep = Math.max(2, significant - whole.toString().length);
    return `${groupThousands(whole.toString())}.${frac.slice(0, keep)}`;
  }
  const lead = frac.search(/[1-9]/);
  return `0.${frac.slice(0, lead + significant)}`;
}

/** A rate for display: about `significant` significant digits, at least 2 decimals. */
export function formatRate(rate: string, significant = 6): string {
  const r = parse(rate);
  return r === null ? '--' : render(r, significant);
}

/** 1 / rate for display ("1 USD ≈ 155.87 JPY" beside "1 JPY = 0.0064157 USD"). */
export function invertRate(rate: string, significant = 6): string {
  const r = parse(rate);
  if (!r) return '--';
  return render((ONE * ONE) / r, significant);
}
