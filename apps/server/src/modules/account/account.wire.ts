import type { accountApi, DataOf } from '@kabuto/contract';
import { CURRENCIES } from '@kabuto/domain';
import type { UserInfo } from '../../shared/user-info.ts';

/** getUserinfo's reply (`userInfoData` of the contract). */
export type UserInfoWire = DataOf<typeof accountApi.userInfo>;

/**
 * getUserinfo's reply from the user info: the account, then verification (`is_true`, `realname`,
 * `id_card`), the credit score (`xyf`) and the rejection's reason, then the available balance per wallet
 * (`jpy`, `usd`, …) with the requested wallet's `available`/`frozen`/`total_assets`, then per wallet the
 * unpaid loan (`{c}yjed`) and the loan limit (`{c}kjed`). A part no area contributed is left out, but for
 * the four fields the contract always has ("nothing yet": 0 or '').
 */
export function userInfoReply(u: UserInfo): UserInfoWire {
  const v = u.verification;
  const out: UserInfoWire = {
    account: u.account,
    invite_code: u.inviteCode,
    has_fund_password: u.hasFundPassword,
    // the family's clients tell "set" from "change" by it; the fund password itself never leaves
    passwords: u.hasFundPassword ? '1' : '',
    state: u.state,
    is_true: v?.status ?? 0,
    realname: v?.realName ?? '',
    id_card: v?.idNumber ?? '',
    xyf: u.credit?.score ?? 0,
  };
  if (v) out.kyc_reason = v.rejectionReason;
  if (u.wallets) {
    Object.assign(out, u.wallets.available);
    out.available = u.wallets.market.available;
    out.frozen = u.wallets.market.frozen;
    out.total_assets = u.wallets.market.total;
  }
  if (u.credit) {
    for (const c of CURRENCIES) {
      out[`${c}yjed`] = u.credit.owed[c];
      out[`${c}kjed`] = u.credit.limits[c];
    }
  }
  return out;
}
