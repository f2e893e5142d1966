import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageFallback } from './page-fallback.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** Set once the first screen has been shown. */
let booted = false;

/**
 * The current screen, faded in on every route change, with its own loading and error states. The first
 * screen the app opens replaces the start-up mark without a fade: there is no screen to fade from, and
 * its text is there to read (and counts as painted) from its first frame.
 */
export function FadeOutlet() {
  const { pathname } = useLocation();
  const openedOn = useRef(booted ? null : pathname);
  if (pathname !== openedOn.current) openedOn.current = null; // left it: from here on every screen fades
  useEffect(() => {
    booted = true;
  }, []);
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<PageFallback />}>
        <div key={pathname} className={pathname === openedOn.current ? 'k-page is-first' : 'k-page'}>
          <Outlet />
        </div>
      </Suspense>
    </RouteErrorBoundary>
  );
}
