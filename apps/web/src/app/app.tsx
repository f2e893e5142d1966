import { Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { DemoNotice } from '../components/demo-notice.tsx';
import { ScreensContext } from '../lib/screens.ts';
import { NavigationWatcher } from './navigation-watcher.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageFallback } from './page-fallback.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { publicRoutes, SCREEN_PATHS, Shell, shellRoutes } from './routes.ts';

export function App() {
  return (
    <ScreensContext.Provider value={SCREEN_PATHS}>
      <DemoNotice />
      <HashRouter>
        <NavigationWatcher />
        <RouteErrorBoundary>
          <Suspense fallback={<AppFallback />}>
            <Routes>
              <Route index element={<Navigate to="/login/start" replace />} />
              <Route element={<PublicLayout />}>
                {publicRoutes.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
              </Route>
              <Route element={<Shell />}>
                {shellRoutes.map(({ path, Page, guest }) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      guest ? (
                        <Page />
                      ) : (
                        <RequireAuth>
                          <Page />
                        </RequireAuth>
                      )
                    }
                  />
                ))}
              </Route>
              <Route
                path="*"
                element={
                  <div className="k-app k-public">
                    <NotFoundPage />
                  </div>
                }
              />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </HashRouter>
    </ScreensContext.Provider>
  );
}

function AppFallback() {
  return (
    <div className="k-app">
      <PageFallback />
    </div>
  );
}
