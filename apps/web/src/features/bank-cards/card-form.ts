import { halfWidth, type Problem, required } from '../../lib/form-checks.ts';

export interface CardForm {
  realname: string;
  bankNum: string;
  bankName: string;
  branch: string;
  branchCode: string;
}

/** Holder, number, bank, branch and branch code are required. */
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

/** Digits only (account numbers, branch codes), half-width. */
export const digitsOnly = (v: string, max: number): string =>
  v
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
    .slice(0, max);
