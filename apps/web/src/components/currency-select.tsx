import './money.css';
import type { Currency } from '@kabuto/domain';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { isoCode } from '../lib/currency.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { CurrencyBadge } from './currency-badge.tsx';
import { Icon } from './icon.tsx';

interface CurrencySelectProps {
  value: Currency;
  options: readonly Currency[];
  onChange: (c: Currency) => void;
  /** Label of the sheet (and of the button for screen readers). */
  label: string;
  /** data-testid of the button; options are `<testid>-<currency>`. */
  testid: string;
  compact?: boolean;
}

/** A currency button that opens a bottom sheet listing the wallets. */
export function CurrencySelect({ value, options, onChange, label, testid, compact }: CurrencySelectProps) {
  const { t } = useTranslator('money');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`k-cur-select${compact ? ' is-compact' : ''}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`${label}: ${isoCode(value)}`}
        data-testid={testid}
        data-value={value}
      >
        <CurrencyBadge currency={value} size={compact ? 24 : 30} />
        <span className="k-cur-text">
          <b>{isoCode(value)}</b>
          {!compact && <small>{t(`currency.${value}`)}</small>}
        </span>
        <Icon name="right" size={14} className="k-cur-caret" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="k-sheet"
        destroyOnClose
      >
        <div className="k-sheet-head">
          <h2>{label}</h2>
          <button
            type="button"
            className="k-icon-btn"
            onClick={() => setOpen(false)}
            aria-label={t('common:actions.close')}
          >
            <Icon name="close" size={20} />
          </button>
        </div>
        <ul className="k-sheet-list" aria-label={label}>
          {options.map((c) => (
            <li key={c}>
              <button
                type="button"
                className={`k-sheet-option${c === value ? ' is-selected' : ''}`}
                aria-pressed={c === value}
                data-testid={`${testid}-${c}`}
                onClick={() => {
                  setOpen(false);
                  if (c !== value) onChange(c);
                }}
              >
                <CurrencyBadge currency={c} size={32} />
                <span className="k-cur-text">
                  <b>{isoCode(c)}</b>
                  <small>{t(`currency.${c}`)}</small>
                </span>
                {c === value && <Icon name="check" size={20} />}
              </button>
            </li>
          ))}
        </ul>
      </Popup>
    </>
  );
}
