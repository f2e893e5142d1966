import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session.ts';

/** Logged-out users are sent to login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  return token ? children : <Navigate to="/login/login" replace />;
}
