import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { setToken } from '../../../lib/session.ts';

/** POST /auth/logout: revokes the token; the session ends locally whatever the server says. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(adminApi.logout, {});
      } catch {
        // an expired or revoked token is already logged out
      }
    },
    onSettled: () => {
      setToken(null);
      qc.clear();
    },
  });
}
