import { ApiError } from './api.ts';
import { showMsg } from './messages.ts';

/**
 * The browser side of passkeys (WebAuthn) through SimpleWebAuthn, loaded only when a passkey is used so
 * the first screen stays light. A cancelled or failed browser prompt becomes a refusal the caller shows.
 */
const library = () => import('@simplewebauthn/browser');

export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

function failed(e: unknown): never {
  const cancelled = e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError');
  const err = new ApiError('refusal', cancelled ? 'security.challengeInvalid' : 'security.passkeyFailed');
  showMsg(err.code);
  throw err;
}

/** navigator.credentials.create() for options from the server; the JSON to send back. */
export async function createPasskey(options: Record<string, unknown>) {
  const { startRegistration } = await library();
  try {
    return await startRegistration({ optionsJSON: options as never });
  } catch (e) {
    return failed(e);
  }
}

/** navigator.credentials.get() for options from the server; the JSON to send back. */
export async function getPasskey(options: Record<string, unknown>) {
  const { startAuthentication } = await library();
  try {
    return await startAuthentication({ optionsJSON: options as never });
  } catch (e) {
    return failed(e);
  }
}
