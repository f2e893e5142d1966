import { type Currency, formatUnits, MINOR_UNIT, type Units } from '@kabuto/domain';
import { refuse } from '../lib/errors.ts';

/** Amounts as users enter them and read them in messages. */

/** "1234.5000" → "1234.5"; "100.0000" → "100" (for msg params such as {min}). */
export function plainAmount(units: Units): string {
  const s = formatUnits(units);
  return s.replace(/\.?0+$/, '');
}

/** The amount must be a whole number of the currency's minor unit (yen, cents, …). */
export function checkMinorUnit(amount: Units, currency: Currency): void {
  const unit = MINOR_UNIT[currency];
  if (amount % unit !== 0n) refuse('money.minorUnit', { unit: plainAmount(unit) });
}
