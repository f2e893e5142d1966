import './money.css';
import type { Currency } from '@kabuto/domain';
import { CURRENCY_SYMBOL } from '../lib/currency.ts';

/** A round badge with the currency's symbol. */
export function CurrencyBadge({ currency, size = 32 }: { currency: Currency; size?: number }) {
  const symbol = CURRENCY_SYMBOL[currency];
  return (
    <span
      className={`k-cur-badge is-${currency}`}
      style={{ width: size, height: size, fontSize: symbol.length > 1 ? size * 0.34 : size * 0.46 }}
      aria-hidden="true"
    >
      {symbol}
    </span>
  );
}
