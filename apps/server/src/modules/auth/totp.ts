import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// One-time codes: the TOTP of an authenticator app, and the recovery codes given when it is enabled.

/** Recovery codes given when TOTP is enabled. */
export const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOTP_ISSUER = 'Kabuto';

export const totpOf = (secret: string, account: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

const normalizeRecovery = (code: string) => code.replace(/-/g, '').toUpperCase();
export const recoveryHash = (code: string) =>
  createHash('sha256').update(normalizeRecovery(code)).digest('hex');
export function newRecoveryCode(): string {
  const c = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${c.slice(0, 5)}-${c.slice(5)}`;
}
