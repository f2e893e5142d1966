import type { UserState } from '@kabuto/db';
import type { Currency, Market } from '@kabuto/domain';

/**
 * What getUserinfo tells about a user, in English names: the account module owns the account's fields,
 * other areas contribute their parts (wired by app.ts, like the back office's contributors in
 * `admin-contributors.ts`), and `modules/account/account.wire.ts` makes the contract's reply of it.
 */

/** Verification as the user sees it: `status` 0 none, 1 verified, 2 rejected, 3 under review. */
export interface VerificationInfo {
  status: number;
  realName: string;
  /** masked */
  idNumber: string;
  /** why the last submission was rejected, else '' */
  rejectionReason: string;
}

/** Balances: available per wallet (decimal strings), and the wallet of the requested market in full. */
export interface WalletsInfo {
  available: Partial<Record<Currency, string>>;
  market: { available: string; frozen: string; total: string };
}

/** Credit: the score, and per wallet the unpaid loan principal and the loan limit (decimal strings). */
export interface CreditInfo {
  score: number;
  owed: Record<Currency, string>;
  limits: Record<Currency, string>;
}

/** The user as getUserinfo tells it, in English names (`account.wire.ts` makes the reply). */
export interface UserInfo {
  account: string;
  inviteCode: string;
  hasFundPassword: boolean;
  state: UserState;
  verification?: VerificationInfo;
  wallets?: WalletsInfo;
  credit?: CreditInfo;
}

/** The parts of the user info other areas own. */
export type UserInfoPart = Pick<UserInfo, 'verification' | 'wallets' | 'credit'>;

/**
 * Extra parts of the user info contributed by other areas (wallet balances, loans, verification). Each
 * contributor reads its own tables; nothing is reported that does not exist.
 */
export type UserInfoContributor = (userId: bigint, market: Market) => Promise<UserInfoPart>;
