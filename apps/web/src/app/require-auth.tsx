import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';

/** Logged-out users are sent to login, which brings them back here once they are in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  return token ? (
    children
  ) : (
    <Navigate to="/login/login" replace state={{ from: `${location.pathname}${location.search}` }} />
  );
}
