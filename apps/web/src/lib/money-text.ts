import type { Currency } from '@kabuto/domain';
import { formatMoney } from './format.ts';

/** Money for limits and hints: like formatMoney, without a zero fraction ("1,000円", "$10"). */
export function compactMoney(value: string, currency: Currency): string {
  return formatMoney(value, currency).replace(/\.0+(?=\D*$)/, '');
}
