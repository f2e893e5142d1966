import type { MsgParams } from '../../lib/messages.ts';

/** A failed client-side check as a contract msg key (the server checks again and decides). */
export interface Problem {
  msg: string;
  params?: MsgParams;
}

export const required = (value: string | null | undefined, field: string): Problem | null =>
  value?.trim() ? null : { msg: 'validation.required', params: { field } };

const FULL_WIDTH = /[\u3000\uFF01-\uFF5E]/;
export const halfWidth = (value: string, field: string): Problem | null =>
  FULL_WIDTH.test(value) ? { msg: 'validation.halfWidth', params: { field } } : null;

const ID_NUMBER = /^[A-Za-z0-9-]{4,30}$/;

export interface KycForm {
  realname: string;
  idCard: string;
  front: string | null;
  back: string | null;
  privacy: boolean;
}

/** Spec §5: privacy notice ticked; name, ID number, both images required. */
export function checkKyc(f: KycForm): Problem | null {
  return (
    required(f.realname, 'realname') ??
    required(f.idCard, 'id_card') ??
    halfWidth(f.idCard, 'id_card') ??
    (ID_NUMBER.test(f.idCard.trim()) ? null : { msg: 'kyc.idFormat' }) ??
    required(f.front, 'frontcard') ??
    required(f.back, 'backcard') ??
    (f.privacy ? null : { msg: 'kyc.privacyRequired' })
  );
}

export interface CardForm {
  realname: string;
  bankNum: string;
  bankName: string;
  branch: string;
  branchCode: string;
}

/** Spec §5: holder, number, bank, branch, branch code required. */
export function checkCard(f: CardForm): Problem | null {
  return (
    required(f.realname, 'realname') ??
    required(f.bankNum, 'bank_num') ??
    halfWidth(f.bankNum, 'bank_num') ??
    required(f.bankName, 'bank_name') ??
    required(f.branch, 'bank_address') ??
    required(f.branchCode, 'bank_code') ??
    halfWidth(f.branchCode, 'bank_code')
  );
}

/** Amount within [min, max] (units); the messages name the limit. */
export function checkRange(
  units: bigint | null,
  min: bigint | null,
  max: bigint | null,
  keys: { below: string; above: string },
  plain: (u: bigint) => string,
): Problem | null {
  if (units === null) return { msg: 'validation.amount' };
  if (min !== null && units < min) return { msg: keys.below, params: { min: plain(min) } };
  if (max !== null && units > max) return { msg: keys.above, params: { max: plain(max) } };
  return null;
}
