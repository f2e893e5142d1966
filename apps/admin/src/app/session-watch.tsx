import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../lib/routes.ts';
import { onSessionExpired } from '../lib/session.ts';

/** On HTTP 401 anywhere: drop cached data and go back to the login screen, remembering where we were. */
export function SessionWatch() {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  useEffect(
    () =>
      onSessionExpired(() => {
        qc.clear();
        navigate(ROUTES.login, {
          replace: true,
          state: { expired: true, from: `${location.pathname}${location.search}` },
        });
      }),
    [navigate, qc, location.pathname, location.search],
  );
  return <Outlet />;
}
