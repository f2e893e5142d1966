import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageFallback } from './page-fallback.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** The current screen, faded in on every route change, with its own loading and error states. */
export function FadeOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageFallback />}>
        <div key={pathname} className="k-page">
          <Outlet />
        </div>
      </Suspense>
    </RouteErrorBoundary>
  );
}
