import { useTranslator } from '../lib/use-translator.ts';
import { Icon } from './icon.tsx';

/** A load that failed: say so and offer to try again. */
export function ErrorState({ onRetry, text }: { onRetry?: () => void; text?: string }) {
  const { t } = useTranslator('shell');
  return (
    <div className="k-empty is-error" role="alert">
      <span className="k-empty-art" aria-hidden="true">
        <Icon name="alert" size={34} strokeWidth={1.5} />
      </span>
      <p>{text ?? t('states.error')}</p>
      {onRetry && (
        <button type="button" className="k-btn k-btn-ghost" onClick={onRetry}>
          <Icon name="refresh" size={18} />
          {t('common:actions.retry')}
        </button>
      )}
    </div>
  );
}

/** What was asked for does not exist (a link without an id, a record that is not the user's): no retry. */
export function NotFoundState({ testid = 'not-found' }: { testid?: string }) {
  const { t } = useTranslator('shell');
  return (
    <div className="k-empty" data-testid={testid}>
      <span className="k-empty-art" aria-hidden="true">
        <Icon name="inbox" size={36} strokeWidth={1.5} />
      </span>
      <p>{t('states.notFound')}</p>
    </div>
  );
}
