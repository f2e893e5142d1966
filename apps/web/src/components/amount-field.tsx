import './money.css';
import type { Currency } from '@kabuto/domain';
import { type ReactNode, useId } from 'react';
import { amountDecimals, cleanAmount, isoCode } from '../lib/currency.ts';
import { useTranslator } from '../lib/use-translator.ts';

interface AmountFieldProps {
  label: string;
  currency: Currency;
  value: string;
  onChange: (value: string) => void;
  /** Fills in the whole available amount. */
  onAll?: () => void;
  hint?: ReactNode;
  name?: string;
  placeholder?: string;
}

/** A large amount input with the currency after it (half-width digits, the currency's decimals). */
export function AmountField({
  label,
  currency,
  value,
  onChange,
  onAll,
  hint,
  name,
  placeholder,
}: AmountFieldProps) {
  const { t } = useTranslator('money');
  const id = useId();
  return (
    <div className="k-amount">
      <label className="k-label" htmlFor={id}>
        {label}
      </label>
      <div className="k-amount-box">
        <input
          id={id}
          name={name ?? 'money'}
          value={value}
          onChange={(e) => onChange(cleanAmount(e.target.value, currency))}
          inputMode={amountDecimals(currency) > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          placeholder={placeholder ?? '0'}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <span className="k-amount-code">{isoCode(currency)}</span>
        {onAll && (
          <button type="button" className="k-amount-all" onClick={onAll} data-testid="amount-all">
            {t('form.all')}
          </button>
        )}
      </div>
      {hint && (
        <p className="k-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
