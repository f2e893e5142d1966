import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { createPasskey } from '../../../lib/passkey.ts';

const STATUS_KEY = ['security', 'status'] as const;
const SESSIONS_KEY = ['security', 'sessions'] as const;

/** `/user/security`: passkeys, TOTP, recovery codes left, whether enrolment is required. */
export const useSecurityStatus = () =>
  useQuery({ queryKey: STATUS_KEY, queryFn: () => fetchData(endpoints.security.status, {}) });

/** `/user/sessions`: the signed-in devices. */
export const useSessions = () =>
  useQuery({ queryKey: SESSIONS_KEY, queryFn: () => fetchData(endpoints.security.sessions, {}) });

function useRefresh(key: readonly string[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

/** Options from the server → the browser's passkey prompt → `/user/passkeyAdd`. */
export function useAddPasskey() {
  const refresh = useRefresh(STATUS_KEY);
  return useMutation({
    mutationFn: async (name: string) => {
      const { data } = await call(endpoints.security.passkeyOptions, {});
      const credential = await createPasskey(data.options);
      return call(endpoints.security.passkeyAdd, { name, credential: credential as never });
    },
    onSuccess: refresh,
  });
}

export function useDeletePasskey() {
  const refresh = useRefresh(STATUS_KEY);
  return useMutation({
    mutationFn: (id: string) => call(endpoints.security.passkeyDelete, { id }),
    onSuccess: refresh,
  });
}

export const useTotpSetup = () =>
  useMutation({ mutationFn: () => fetchData(endpoints.security.totpSetup, {}) });

export function useTotpEnable() {
  const refresh = useRefresh(STATUS_KEY);
  return useMutation({
    mutationFn: (code: string) => call(endpoints.security.totpEnable, { code }),
    onSuccess: refresh,
  });
}

export function useTotpDisable() {
  const refresh = useRefresh(STATUS_KEY);
  return useMutation({ mutationFn: () => call(endpoints.security.totpDisable, {}), onSuccess: refresh });
}

export function useRevokeSession() {
  const refresh = useRefresh(SESSIONS_KEY);
  return useMutation({
    mutationFn: (id: string) => call(endpoints.security.sessionRevoke, { id }),
    onSuccess: refresh,
  });
}
