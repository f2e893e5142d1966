import { CURRENCIES, type Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, isApiError, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { endSessionToLogin } from '../logout.ts';
import { scopes } from '../query-scopes.ts';
import { storedMarket } from '../storage.ts';

type UserInfoWire = RefData<typeof endpoints.account.userInfo>;

/** The logged-in user, as the screens read it. Amounts are decimal strings. */
export interface UserInfo {
  account: string;
  inviteCode: string;
  /** Identity verification: 0 none, 1 verified, 2 rejected, 3 under review. */
  verification: number;
  realName: string;
  /** Masked ID number. */
  idNumber: string;
  hasFundPassword: boolean;
  state: UserInfoWire['state'];
  creditScore: number;
  /** Available balance per wallet (absent: none). */
  balances: Partial<Record<Currency, string>>;
  /** Borrowed principal and loan limit per wallet (absent: no ledger figures). */
  loans: Partial<Record<Currency, { borrowed: string; limit: string }>>;
  /** The selected market's available balance, frozen and total assets, when the server sent them. */
  available: string | null;
  frozen: string;
  totalAssets: string | null;
  /** The rejection reason of the latest identity submission ("" when there is none). */
  kycReason: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The wire reply (balances under the wallet's key, loans under `{type}yjed` / `{type}kjed`) → {@link UserInfo}. */
export function userInfoFromWire(w: UserInfoWire): UserInfo {
  const balances: UserInfo['balances'] = {};
  const loans: UserInfo['loans'] = {};
  for (const c of CURRENCIES) {
    const balance = str(w[c]);
    if (balance !== null) balances[c] = balance;
    const borrowed = str(w[`${c}yjed`]);
    const limit = str(w[`${c}kjed`]);
    if (borrowed !== null || limit !== null) loans[c] = { borrowed: borrowed ?? '0', limit: limit ?? '0' };
  }
  return {
    account: w.account,
    inviteCode: w.invite_code,
    verification: w.is_true,
    realName: w.realname,
    idNumber: w.id_card,
    hasFundPassword: w.has_fund_password,
    state: w.state,
    creditScore: w.xyf,
    balances,
    loans,
    available: str(w.available),
    frozen: str(w.frozen) ?? '0',
    totalAssets: str(w.total_assets),
    kycReason: str(w.kyc_reason) ?? '',
  };
}

/** `/user/getUserinfo {type}`: the logged-in user. A refusal ends the session, as in the family's clients. */
export const userInfoQuery = (market = storedMarket()) =>
  queryOptions({
    queryKey: [...scopes.user, 'info', market],
    queryFn: async ({ signal }) => {
      try {
        return userInfoFromWire(await fetchData(endpoints.account.userInfo, { type: market }, { signal }));
      } catch (e) {
        if (isApiError(e) && e.kind === 'refusal') endSessionToLogin();
        throw e;
      }
    },
  });

/** The logged-in user; `fresh`: screens that show balances ask again whenever they open (money may have moved meanwhile). */
export function useUserInfo({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...userInfoQuery(), ...(fresh ? { staleTime: 0 } : {}) });
}
