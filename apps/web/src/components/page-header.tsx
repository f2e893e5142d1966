import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useHasScreen } from '../lib/screens.ts';
import { useGoBack } from '../lib/use-go-back.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { Icon, type IconName } from './icon.tsx';
import { L } from './links.ts';

export interface PageHeaderProps {
  title: ReactNode;
  /** Show the back button (default). A string is where to go when there is no history to go back to. */
  back?: boolean | string;
  /** An icon on the right that opens a screen (e.g. add, orders). */
  action?: { icon: IconName; to: string; label: string };
  /** Shortcut to the subscription records (shown once that screen exists). */
  recordsShortcut?: boolean;
  /** Header colour: yellow by default. */
  tone?: 'yellow' | 'white';
}

/** The page header every inner screen uses: back, centred title, optional action and records shortcut. */
export function PageHeader({
  title,
  back = true,
  action,
  recordsShortcut,
  tone = 'yellow',
}: PageHeaderProps) {
  const { t } = useTranslator('shell');
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const goBack = useGoBack(typeof back === 'string' ? back : '/home/index');
  const records = recordsShortcut && L.subscriptionRecords.to && hasScreen(L.subscriptionRecords.to);
  const showAction = action && hasScreen(action.to);
  return (
    <header className={`k-header is-${tone}`}>
      <div className="k-header-side">
        {back !== false && (
          <button
            type="button"
            className="k-icon-btn"
            onClick={goBack}
            aria-label={t('common:actions.back')}
            data-testid="back-button"
          >
            <Icon name="left" size={24} strokeWidth={2} />
          </button>
        )}
      </div>
      <h1 className="k-header-title" data-testid="page-title">
        {title}
      </h1>
      <div className="k-header-side is-end">
        {records && (
          <button
            type="button"
            className="k-icon-btn"
            onClick={() => navigate(L.subscriptionRecords.to!)}
            aria-label={t(L.subscriptionRecords.label)}
          >
            <Icon name={L.subscriptionRecords.icon} size={22} />
          </button>
        )}
        {showAction && (
          <button
            type="button"
            className="k-icon-btn"
            onClick={() => navigate(action.to)}
            aria-label={action.label}
          >
            <Icon name={action.icon} size={22} />
          </button>
        )}
      </div>
    </header>
  );
}
