import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { withChunkTimeout } from '../lib/chunk.ts';
import { logout } from '../lib/logout.ts';
import { showMsg } from '../lib/messages.ts';
import { useHasScreen } from '../lib/screens.ts';
import { useTranslator } from '../lib/use-translator.ts';
import type { AppLink } from './links.ts';

/** Links whose screen exists, plus actions (which always exist). */
export function useVisibleLinks(links: readonly AppLink[]): AppLink[] {
  const hasScreen = useHasScreen();
  return links.filter((l) => (l.to ? hasScreen(l.to) : true));
}

/**
 * What tapping a link does: open its screen, or log out after confirming (the confirmation's dialog
 * code loads on that tap: the menus that offer it are on screens that need no dialog otherwise).
 */
export function useLinkAction(): (link: AppLink) => void {
  const navigate = useNavigate();
  const { t } = useTranslator('shell');
  return useCallback(
    (link: AppLink) => {
      if (link.to) {
        navigate(link.to);
      } else if (link.action === 'logout') {
        withChunkTimeout(import('antd-mobile/es/components/dialog')).then(
          ({ default: Dialog }) =>
            Dialog.confirm({
              title: t('logout.title'),
              content: t('logout.confirm'),
              confirmText: t('logout.ok'),
              cancelText: t('common:actions.cancel'),
              onConfirm: () => logout(),
            }),
          () => showMsg('network.error'),
        );
      }
    },
    [navigate, t],
  );
}
