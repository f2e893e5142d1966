import type { ReactNode } from 'react';
import { useTranslator } from '../lib/use-translator.ts';
import { Icon } from './icon.tsx';

/** Empty-data placeholder. */
export function Empty({ text, children }: { text?: string; children?: ReactNode }) {
  const { t } = useTranslator('shell');
  return (
    <div className="k-empty">
      <span className="k-empty-art" aria-hidden="true">
        <Icon name="inbox" size={36} strokeWidth={1.5} />
      </span>
      <p>{text ?? t('states.empty')}</p>
      {children}
    </div>
  );
}
