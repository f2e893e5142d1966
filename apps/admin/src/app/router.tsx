import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { NotFound } from '../components/not-found.tsx';
import { LoadingBlock } from '../components/states.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import type { Section } from '../lib/roles.ts';
import { AppShell } from './app-shell.tsx';
import { RoleGate } from './role-gate.tsx';
import { RouteError } from './route-error.tsx';
import { SessionWatch } from './session-watch.tsx';

/** Shown while the first screen's code loads when the app opens on a deep link. */
const BootFallback = () => <LoadingBlock minHeight={400} />;

/** A screen behind the role check, loaded on first visit; a failure stays inside the layout. */
const gated = (
  path: string,
  section: Section,
  load: () => Promise<{ Component: ComponentType }>,
): RouteObject => ({
  path,
  element: <RoleGate section={section} />,
  errorElement: <RouteError />,
  children: [{ index: true, lazy: load }],
});

/**
 * Hash routes: the server serves one index.html at /admin/, so deep links live after `#`.
 * The first screens (login, dashboard) are in the main chunk; the others load on first visit.
 */
export const router = createHashRouter([
  {
    element: <SessionWatch />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/',
        element: <AppShell />,
        children: [
          { index: true, element: <DashboardPage />, errorElement: <RouteError /> },
          gated('queues/:queue', 'queues', async () => ({
            Component: (await import('../features/queues/pages/queue-page.tsx')).QueuePage,
          })),
          gated('support', 'support', async () => ({
            Component: (await import('../features/support/pages/support-page.tsx')).SupportPage,
          })),
          gated('users', 'users', async () => ({
            Component: (await import('../features/users/pages/users-page.tsx')).UsersPage,
          })),
          gated('new-shares', 'newShares', async () => ({
            Component: (await import('../features/new-shares/pages/new-shares-page.tsx')).NewSharesPage,
          })),
          gated('block', 'block', async () => ({
            Component: (await import('../features/block-trades/pages/block-trades-page.tsx')).BlockTradesPage,
          })),
          gated('products', 'products', async () => ({
            Component: (await import('../features/copy-trade/pages/copy-trade-page.tsx')).CopyTradePage,
          })),
          gated('lending', 'lending', async () => ({
            Component: (await import('../features/stock-lending/pages/stock-lending-page.tsx'))
              .StockLendingPage,
          })),
          gated('margin-calls', 'marginCalls', async () => ({
            Component: (await import('../features/margin-calls/pages/margin-calls-page.tsx')).MarginCallsPage,
          })),
          gated('margin-borrow', 'marginBorrow', async () => ({
            Component: (await import('../features/margin-borrow/pages/margin-borrow-page.tsx'))
              .MarginBorrowPage,
          })),
          gated('calendar', 'calendar', async () => ({
            Component: (await import('../features/calendar/pages/calendar-page.tsx')).CalendarPage,
          })),
          gated('audit', 'audit', async () => ({
            Component: (await import('../features/audit/pages/audit-page.tsx')).AuditPage,
          })),
          gated('config', 'config', async () => ({
            Component: (await import('../features/config/pages/config-page.tsx')).ConfigPage,
          })),
          gated('reconcile', 'reconcile', async () => ({
            Component: (await import('../features/reconcile/pages/reconcile-page.tsx')).ReconcilePage,
          })),
          gated('jobs', 'jobs', async () => ({
            Component: (await import('../features/jobs/pages/jobs-page.tsx')).JobsPage,
          })),
          gated('operators', 'operators', async () => ({
            Component: (await import('../features/operators/pages/operators-page.tsx')).OperatorsPage,
          })),
          {
            path: 'passkeys',
            errorElement: <RouteError />,
            lazy: async () => ({
              Component: (await import('../features/passkeys/pages/passkeys-page.tsx')).Component,
            }),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
