import { call } from '../../../lib/api.ts';
import { early } from '../../../lib/early-endpoints.ts';
import { getPasskey } from '../../../lib/passkey.ts';

/** Sign in with a passkey: the second step after a password (`ticket`), or passwordless without one. */
export async function passkeySignIn(ticket?: string) {
  const body = ticket ? { ticket } : {};
  const { data } = await call(early.passkeyLoginOptions, body);
  const credential = await getPasskey(data.options);
  return call(early.passkeyLogin, { ...body, credential: credential as never });
}

/** The second step with an authenticator-app code or a recovery code. */
export function totpSignIn(ticket: string, code: string) {
  return call(early.totpLogin, { ticket, code });
}
