import { type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslator } from '../lib/use-translator.ts';
import type { IconName } from './icon.tsx';
import { BasicIcon, NamedIcon } from './line-icon.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  icon: IconName;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** Password field with a show/hide toggle. */
  secret?: boolean;
}

/** A labelled input for the login screens (plain markup, 52 px tall). */
export function TextField({ label, icon, value, onChange, hint, secret, ...input }: TextFieldProps) {
  const { t } = useTranslator();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label className="k-label" htmlFor={id}>
        {label}
      </label>
      <div className="k-field">
        <NamedIcon name={icon} size={20} />
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          type={secret && !shown ? 'password' : 'text'}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        {secret && (
          <button
            type="button"
            className="k-field-action"
            onClick={() => setShown((s) => !s)}
            aria-label={t(shown ? 'actions.hidePassword' : 'actions.showPassword')}
            aria-pressed={shown}
          >
            <BasicIcon name={shown ? 'eyeOff' : 'eye'} size={20} />
          </button>
        )}
      </div>
      {hint && <p className="k-hint">{hint}</p>}
    </div>
  );
}
