import type { UserState } from '@kabuto/db';
import type { Currency, Market } from '@kabuto/domain';
import type { Expression, RawBuilder } from 'kysely';

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
 * contributor reads its own tables, as one part (a JSON value computed in SQL from the user's id) of the
 * one query that serves the call (`modules/account`), and makes its part of what it read; nothing is
 * reported that does not exist. `any` by default: a list of contributors reads values of different types.
 */
export interface UserInfoContributor<P = any> {
  read: (userId: Expression<bigint>) => RawBuilder<P>;
  part: (read: P, market: Market) => UserInfoPart | Promise<UserInfoPart>;
}

/** What a contributor's read returns (the type of its JSON value). */
export type ReadOf<F> = F extends (userId: Expression<bigint>) => RawBuilder<infer P> ? P : never;
