import { Dialog } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePublicConfig } from '../lib/api/use-public-config.ts';
import { logout } from '../lib/logout.ts';
import { showMsg } from '../lib/messages.ts';
import { useHasScreen } from '../lib/screens.ts';
import { getStartupConfig } from '../lib/startup-config.ts';
import type { AppLink } from './links.ts';

/** Open the customer-service URL (`kefu` from config), or say it is not available. */
export function openCustomerService(url: string | undefined): void {
  if (!url) {
    showMsg('content.kefuMissing');
    return;
  }
  // Mail and phone links go to the device's own app; web chat opens beside the app.
  if (/^(mailto|tel|sms):/i.test(url)) {
    window.location.href = url;
    return;
  }
  const win = window.open(url, '_blank');
  if (win) win.opener = null;
  else window.location.href = url;
}

/** Links whose screen exists, plus actions (which always exist). */
export function useVisibleLinks(links: readonly AppLink[]): AppLink[] {
  const hasScreen = useHasScreen();
  return links.filter((l) => (l.to ? hasScreen(l.to) : true));
}

/** What tapping a link does: open its screen, customer service, or log out after confirming. */
export function useLinkAction(): (link: AppLink) => void {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const { data: publicConfig } = usePublicConfig();
  return useCallback(
    (link: AppLink) => {
      if (link.to) {
        navigate(link.to);
      } else if (link.action === 'kefu') {
        openCustomerService(publicConfig?.kefu || getStartupConfig()?.kefu);
      } else if (link.action === 'logout') {
        Dialog.confirm({
          title: t('logout.title'),
          content: t('logout.confirm'),
          confirmText: t('logout.ok'),
          cancelText: t('common:actions.cancel'),
          onConfirm: () => logout(),
        });
      }
    },
    [navigate, publicConfig, t],
  );
}
