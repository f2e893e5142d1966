import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';

/**
 * Logged-out users are sent to login, which brings them back here once they are in (not after they logged
 * out themselves: then signing in starts from home).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const loggedOut = useSession((s) => s.loggedOut);
  const location = useLocation();
  return token ? (
    children
  ) : (
    <Navigate
      to="/login/login"
      replace
      state={loggedOut ? null : { from: `${location.pathname}${location.search}` }}
    />
  );
}
