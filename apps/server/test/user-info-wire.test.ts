import { accountApi, tradingApi } from '@kabuto/contract';
import { CURRENCIES, type Currency } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { userInfoReply } from '../src/modules/account/account.wire.ts';
import { buyRequest } from '../src/modules/trading/trading.wire.ts';
import type { UserInfo } from '../src/shared/user-info.ts';

const each = (f: (c: Currency) => string) =>
  Object.fromEntries(CURRENCIES.map((c) => [c, f(c)])) as Record<Currency, string>;

const info: UserInfo = {
  account: 'demo0001',
  inviteCode: 'KABUTO2026',
  hasFundPassword: true,
  state: 'active',
  verification: { status: 2, realName: '佐藤 健一', idNumber: '48********14', rejectionReason: 'blurry' },
  wallets: {
    available: each((c) => (c === 'jpy' ? '1.0000' : '0.0000')),
    market: { available: '1.0000', frozen: '3.0000', total: '4.0000' },
  },
  credit: { score: 80, owed: each((c) => (c === 'jpy' ? '5.0000' : '0.0000')), limits: each(() => '9.0000') },
};

describe('getUserinfo on the wire', () => {
  it('writes the English parts under the family names, in the order the reply has always had', () => {
    const reply = userInfoReply(info);
    expect(Object.keys(reply)).toEqual([
      'account',
      'invite_code',
      'has_fund_password',
      'passwords',
      'state',
      'is_true',
      'realname',
      'id_card',
      'xyf',
      'kyc_reason',
      ...CURRENCIES,
      'available',
      'frozen',
      'total_assets',
      ...CURRENCIES.flatMap((c) => [`${c}yjed`, `${c}kjed`]),
    ]);
    expect(reply).toMatchObject({
      is_true: 2,
      realname: '佐藤 健一',
      id_card: '48********14',
      xyf: 80,
      kyc_reason: 'blurry',
      available: '1.0000',
      frozen: '3.0000',
      total_assets: '4.0000',
      jpyyjed: '5.0000',
      jpykjed: '9.0000',
    });
    expect(accountApi.userInfo.data.safeParse(reply).success).toBe(true);
  });

  it('keeps the four fields of "nothing yet" when no area contributed', () => {
    const { verification: _v, wallets: _w, credit: _c, ...account } = info;
    expect(userInfoReply(account)).toEqual({
      account: 'demo0001',
      invite_code: 'KABUTO2026',
      has_fund_password: true,
      passwords: '1',
      state: 'active',
      is_true: 0,
      realname: '',
      id_card: '',
      xyf: 0,
    });
  });
});

describe('buy_stock on the wire', () => {
  const parse = (b: Record<string, unknown>) => tradingApi.buy.body.parse(b);

  it('reads an order: zhang, ganggan, buyzd, gdlx with buy_price, dz_type', () => {
    expect(
      buyRequest(
        parse({
          symbol: '7203',
          type: 'jpy',
          zhang: 100,
          ganggan: 2,
          buyzd: 2,
          gdlx: 2,
          buy_price: '1000',
          dz_type: 1,
        }),
      ),
    ).toEqual({
      order: {
        symbol: '7203',
        quantity: 100n,
        leverage: 2,
        direction: 2,
        orderType: 2,
        limitPrice: 10_000_000n,
        market: 'jpy',
        afterMarket: true,
        // not into NISA unless the order says so
        nisa: false,
      },
    });
  });

  it('drops the limit price of a market order', () => {
    const r = buyRequest(
      parse({ symbol: '7203', type: 'jpy', zhang: 100, ganggan: 3, buyzd: 1, buy_price: '1' }),
    );
    expect(r).toMatchObject({
      order: { leverage: 3, orderType: 1, limitPrice: undefined, afterMarket: false },
    });
  });

  it('reads a block subscription (is_qc=2)', () => {
    expect(buyRequest(parse({ is_qc: 2, id: '7', zhang: 200, password: 'pw', type: 'jpy' }))).toEqual({
      block: { offeringId: 7n, quantity: 200n, password: 'pw' },
    });
  });
});
