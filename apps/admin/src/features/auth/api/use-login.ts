import { adminApi, securityApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type BodyIn, call } from '../../../lib/api.ts';
import { setToken } from '../../../lib/session.ts';
import { meQuery } from './use-me.ts';

/** The browser's passkey prompt (SimpleWebAuthn, loaded only when an operator has a passkey). */
async function passkeyStep(ticket: string) {
  const { options } = await call(securityApi.operatorPasskeyLoginOptions, { ticket });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let credential: unknown;
  try {
    credential = await startAuthentication({ optionsJSON: options as never });
  } catch {
    throw new ApiError('refusal', 'security.passkeyFailed');
  }
  return call(securityApi.operatorPasskeyLogin, { ticket, credential: credential as never });
}

/**
 * POST /auth/login, then — for an operator with a passkey — the passkey as the second step; stores the
 * token and seeds "who am I" so the menu shows at once.
 */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyIn<typeof adminApi.login>) => {
      const first = await call(adminApi.login, body);
      return first.ticket ? passkeyStep(first.ticket) : first;
    },
    onSuccess: (data) => {
      qc.clear();
      if (data.token) setToken(data.token);
      qc.setQueryData(meQuery().queryKey, { username: data.username, role: data.role });
    },
  });
}
