import './antd-render.ts';
import './shell.css';
import '../components/components.css';
import type { Language } from '@kabuto/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Toast } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { StepUpHost } from '../components/step-up-dialog.tsx';
import { UserPanelProvider } from '../components/user-panel.tsx';
import { currentLanguage } from '../lib/i18n.ts';
import { loadMessages } from '../lib/messages.ts';
import { queryClient } from '../lib/query-client.ts';
import { registerToastClearer } from '../lib/toast.ts';
import { BottomTabs, TAB_PATHS } from './bottom-tabs.tsx';
import { FadeOutlet } from './fade-outlet.tsx';

const ANTD_LOCALES = { jp: jaJP, cn: zhCN, us: enUS } satisfies Record<Language, unknown>;

// Navigation clears antd-mobile toasts along with the app's own toast (the image viewer registers its
// own clearing where it is used: components/image-picker.tsx).
registerToastClearer(() => Toast.clear());

/**
 * Everything behind the splash: antd-mobile (in the interface language), the server-state cache,
 * the user panel and the bottom menu.
 */
export function Shell() {
  const { pathname } = useLocation();
  const withTabs = TAB_PATHS.has(pathname);

  useEffect(() => {
    // Translations for server replies, ready before the first refusal.
    void loadMessages().catch(() => {});
  }, []);

  return (
    <ConfigProvider locale={ANTD_LOCALES[currentLanguage()]}>
      <QueryClientProvider client={queryClient}>
        <UserPanelProvider>
          <div className={`k-app k-shell${withTabs ? ' has-tabs' : ''}`}>
            <FadeOutlet />
            {withTabs && <BottomTabs />}
          </div>
          <StepUpHost />
        </UserPanelProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
