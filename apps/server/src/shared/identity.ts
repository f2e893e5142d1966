import type { Db, Tx } from '@kabuto/db';
import { refuse } from '../lib/errors.ts';

/**
 * A user's verified identity, as the money areas need it (bank-card holder, withdrawals, loans).
 * The KYC area writes submissions; this only reads the approved one.
 */
export interface VerifiedIdentity {
  realname: string;
  idCard: string;
}

export async function verifiedIdentity(q: Db | Tx, userId: bigint): Promise<VerifiedIdentity | null> {
  const row = await q
    .selectFrom('kyc_submission')
    .select(['realname', 'id_card'])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row ? { realname: row.realname, idCard: row.id_card } : null;
}

/** The verified identity, or the refusal spec §5 names (verification must be completed first). */
export async function requireVerified(q: Db | Tx, userId: bigint): Promise<VerifiedIdentity> {
  const id = await verifiedIdentity(q, userId);
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
