import type { Expression, RawBuilder } from 'kysely';
import { refuse } from '../lib/errors.ts';

/**
 * A user's verified identity, as the money areas need it (bank-card holder, withdrawals, loans).
 * The KYC module owns the submissions and answers the lookup; app.ts hands it to the areas that need it.
 */
export interface VerifiedIdentity {
  realname: string;
  idCard: string;
}

/** The approved identity of a user, or null (the KYC module's `verifiedIdentity`). */
export type IdentityLookup = (userId: bigint) => Promise<VerifiedIdentity | null>;

/** The same question inside a larger query: a boolean SQL expression of the user's id (KYC's `verifiedSql`). */
export type VerifiedSql = (userId: Expression<bigint>) => RawBuilder<boolean>;

/** The verified identity, or the refusal when there is none (verification must be completed first). */
export async function requireVerified(lookup: IdentityLookup, userId: bigint): Promise<VerifiedIdentity> {
  const id = await lookup(userId);
  if (!id) return refuse('kyc.required');
  return id;
}

/**
 * Names compare after NFKC (full-width letters and digits fold to half-width), without spaces of
 * any width, case-insensitively: "山田　太郎" = "山田太郎", "YAMADA Taro" = "yamada taro".
 */
export const normalizeName = (name: string): string =>
  name
    .normalize('NFKC')
    .replace(/[\s\u3000]+/g, '')
    .toLowerCase();

export const sameName = (a: string, b: string): boolean => normalizeName(a) === normalizeName(b);
