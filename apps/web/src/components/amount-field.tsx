import './money.css';
import type { Currency } from '@kabuto/domain';
import { type ReactNode, useId } from 'react';
import { amountDecimals, isoCode } from '../lib/currency.ts';
import { readAmount } from '../lib/typed-input.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { InputProblemLine, type TypedChange, useTypedText } from './typed-inputs.tsx';

interface AmountFieldProps {
  label: string;
  currency: Currency;
  /** The plain amount ("" while empty or refused). */
  value: string;
  onChange: TypedChange;
  /** Fills in the whole available amount. */
  onAll?: () => void;
  hint?: ReactNode;
  name?: string;
  placeholder?: string;
}

/**
 * A large amount input with the currency after it: what was typed stays as typed, full-width digits and
 * thousands commas read as the amount, more decimals than the currency has (or anything else) refused
 * under the field (lib/typed-input.ts).
 */
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
  const decimals = amountDecimals(currency);
  const { text, reading, type } = useTypedText(value, onChange, (s) => readAmount(s, decimals));
  const describedBy = [reading.problem && `${id}-problem`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="k-amount k-typed">
      <label className="k-label" htmlFor={id}>
        {label}
      </label>
      <div className="k-amount-box">
        <input
          id={id}
          name={name ?? 'money'}
          value={text}
          onChange={(e) => type(e.target.value)}
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          placeholder={placeholder ?? '0'}
          aria-invalid={reading.problem ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <span className="k-amount-code">{isoCode(currency)}</span>
        {onAll && (
          <button type="button" className="k-amount-all" onClick={onAll} data-testid="amount-all">
            {t('form.all')}
          </button>
        )}
      </div>
      <InputProblemLine id={`${id}-problem`} reading={reading} />
      {hint && (
        <p className="k-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
