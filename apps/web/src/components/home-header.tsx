import { useNavigate } from 'react-router';
import { useUnreadCount } from '../lib/api/use-notices.ts';
import { useHasScreen } from '../lib/screens.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { BrandLogo, useAppTitle } from './brand-logo.tsx';
import { Icon } from './icon.tsx';
import { L } from './links.ts';
import { useUserPanel } from './user-panel-context.ts';

/** Home header: messages (with an unread dot), logo and title, and MYPAGE which opens the user panel. */
export function HomeHeader() {
  const { t } = useTranslator('shell');
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const unread = useUnreadCount();
  const { open } = useUserPanel();
  const title = useAppTitle();
  return (
    <header className="k-header is-yellow k-home-header" data-testid="home-header">
      <div className="k-header-side">
        {hasScreen(L.messages.to!) && (
          <button
            type="button"
            className="k-icon-btn"
            onClick={() => navigate(L.messages.to!)}
            data-testid="header-messages"
            aria-label={unread ? t('header.messagesUnread', { n: unread }) : t('links.messages')}
          >
            <Icon name="bell" size={24} />
            {unread > 0 && <span className="k-dot" />}
          </button>
        )}
      </div>
      <h1 className="k-header-title k-home-title">
        <BrandLogo size={28} />
        <span>{title}</span>
      </h1>
      <div className="k-header-side is-end">
        <button type="button" className="k-mypage-btn" onClick={open} data-testid="mypage-button">
          MYPAGE
        </button>
      </div>
    </header>
  );
}
