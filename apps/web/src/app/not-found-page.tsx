import { useLocation, useNavigate } from 'react-router';
import { BasicIcon } from '../components/line-icon.tsx';
import { useTranslator } from '../lib/use-translator.ts';

/** Any route the app does not have: says so, names it, and offers the way back to the start. */
export function NotFoundPage() {
  const { t } = useTranslator('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <main className="k-not-found" data-testid="not-found">
      <BasicIcon name="alert" size={40} />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <code>{pathname}</code>
      <button
        type="button"
        className="k-btn k-btn-primary"
        onClick={() => navigate('/', { replace: true })}
        data-testid="not-found-home"
      >
        {t('notFound.home')}
      </button>
    </main>
  );
}
