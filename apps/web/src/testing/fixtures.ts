import type { RefData } from '../lib/api.ts';
import type { endpoints } from '../lib/endpoints.ts';

type UserInfoWire = RefData<typeof endpoints.account.userInfo>;

/** `/user/getUserinfo` for a verified user with a fund password and ¥1,000,000 available. */
export const userInfoWire = (over: Partial<UserInfoWire> = {}): UserInfoWire => ({
  account: 'tanaka01',
  invite_code: 'ABCD12',
  is_true: 1,
  realname: '田中 太郎',
  id_card: '1234********',
  has_fund_password: true,
  passwords: '1',
  state: 'active',
  xyf: 100,
  kyc_reason: '',
  available: '1000000.0000',
  frozen: '0.0000',
  total_assets: '1000000.0000',
  jpy: '1000000.0000',
  usd: '5000.0000',
  ...over,
});
