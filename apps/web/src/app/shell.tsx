import './antd-setup.ts';
import './shell.css';
import '../components/components.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { StepUpHost } from '../components/step-up-dialog.tsx';
import { UserPanelProvider } from '../components/user-panel.tsx';
import { loadMessages } from '../lib/messages.ts';
import { queryClient } from '../lib/query-client.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { BottomTabs, TAB_PATHS } from './bottom-tabs.tsx';
import { FadeOutlet } from './fade-outlet.tsx';

const MESSAGES_IDLE_MS = 2000;

/**
 * The margin call banner: its own chunk, loaded once the first screen is up (a chunk that fails to
 * arrive shows no banner rather than breaking the screen).
 */
const MarginCallBanner = lazy(() =>
  import('../components/margin-call-banner.tsx').catch(() => ({ default: () => null })),
);

/**
 * Everything behind the splash: the server-state cache, the user panel and the bottom menu (antd-mobile
 * is set up by antd-setup.ts; its components load with the screens that use them).
 */
export function Shell() {
  const { pathname } = useLocation();
  const withTabs = TAB_PATHS.has(pathname);

  // Translations for server replies, ready before the first refusal (one that comes sooner waits for
  // them): loaded behind the first screen, not in front of it.
  useEffect(() => whenIdle(() => void loadMessages().catch(() => {}), MESSAGES_IDLE_MS), []);
  const [banner, setBanner] = useState(false);
  useEffect(() => whenIdle(() => setBanner(true), MESSAGES_IDLE_MS), []);

  return (
    <QueryClientProvider client={queryClient}>
      <UserPanelProvider>
        <div className={`k-app k-shell${withTabs ? ' has-tabs' : ''}`}>
          {banner && (
            <Suspense fallback={null}>
              <MarginCallBanner />
            </Suspense>
          )}
          <FadeOutlet />
          {withTabs && <BottomTabs />}
        </div>
        <StepUpHost />
      </UserPanelProvider>
    </QueryClientProvider>
  );
}
