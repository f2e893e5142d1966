import { describe, expect, it } from 'vitest';
import { FAMILY_REQUIRED, familyMsg, MESSAGES, plainInteger } from '../src/index.ts';

/**
 * The family's texts as its clients look them up (the wire contract's Messages table, copied here by
 * hand): byte-exact, full-width punctuation included. A change to any of them breaks a family client.
 */
const FAMILY: Record<string, string> = {
  'operation.tooFrequent': '提交过于频繁',
  'operation.inProgress': '当前用户有其他资金操作',
  'request.rateLimited': '提交过于频繁',
  'server.error': '系统繁忙, 稍后再试',
  'upload.failed': '上传失败',
  'support.tooMany': '提交过于频繁',
  'ok.uploaded': '上传成功',
  'ok.submitted': '提交成功',
  'ok.changed': '修改成功',
  'ok.added': '添加成功',
  'ok.deleted': '删除成功',
  'account.banned': '该账号已被禁止登陆，请联系客服',
  'account.frozen': '该账号已被冻结，请联系客服',
  'account.restricted': '当前账号不能交易请联系客服',
  'account.exists': '账号已存在',
  'account.inviterNotFound': '邀请人不存在',
  'account.notFound': '账号不存在',
  'account.passwordMismatch': '两次密码不一致',
  'account.termsRequired': '请阅读并同意用户协议',
  'account.wrongOldPassword': '原始密码错误',
  'account.wrongFundPassword': '资金密码错误',
  'account.fundPasswordNotSet': '还未设置资金密码，请先去设置资金密码',
  'account.modifyFailed': '修改失败',
  'auth.wrongCredentials': '账号或密码错误',
  'ok.registered': '注册成功',
  'ok.loggedIn': '登入成功',
  'money.insufficientAvailable': '可用余额不足',
  'money.insufficientBalance': '余额不足',
  'kyc.required': '请先完成实名认证',
  'kyc.rejected': '实名信息不通过',
  'kyc.alreadyVerified': '已实名认证',
  'kyc.pending': '已提交实名，等待后台审核',
  'kyc.privacyRequired': '请阅读并同意隐私政策',
  'bank.exists': '该卡已存在',
  'bank.notFound': '该银行卡不存在',
  'bank.holderMismatch': '该银行卡不是本人银行卡',
  'deposit.pending': '您已有入金待处理，请耐心等待！',
  'deposit.outsideHours': '请于入金时间{window}操作',
  'deposit.belowMinimum': '入金最小值{min}元',
  'deposit.aboveMaximum': '入金最大值{max}元',
  'deposit.proofRequired': '请先上传入金凭证',
  'deposit.wrongChannelPassword': '通道密码错误',
  'withdraw.outsideHours': '请于出金时间{window}操作',
  'withdraw.belowMinimum': '出金最小值{min}元',
  'withdraw.aboveMaximum': '出金最大值{max}元',
  'withdraw.pending': '当前用户有其他资金操作',
  'exchange.sameCurrency': '同币种不能兑换',
  'loan.insufficientQuota': '您的借款额度不足',
  'loan.unpaid': '您有信用借款未还，请先还款！',
  'loan.pending': '您有待审核的订单，请耐心等待审核',
  'review.alreadyDecided': '订单不在审核状态',
  'ok.depositSubmitted': '充值提交成功',
  'ok.withdrawSubmitted': '提现提交成功',
  'ok.exchanged': '兌換成功',
  'ok.borrowed': '借款申请已提交',
  'ok.repaid': '还款成功',
  'ok.unbound': '解绑成功',
  'trade.outsideHours': '非交易时间',
  'trade.cannotBuy': '不能购买',
  'trade.priceUnavailable': '股票价格未获取到',
  'trade.beyondLimit': '超出涨跌幅限制',
  'trade.notHolding': '该订单不在持仓状态请不要重复操作',
  'trade.notPending': '该订单不在挂单状态',
  'trade.sameDaySell': 'T+1日不可卖出',
  'trade.orderNotFound': '该订单不存在',
  'product.notFound': '该产品不存在或者已下架',
  'product.deadlinePassed': '该产品已超过跟单时限',
  'product.belowMinimum': '买入金额小于该产品最低买入金额',
  'block.closed': '当前股票大宗交易已关闭',
  'block.belowMinimum': '当前股票大宗交易最少买入{min}股',
  'block.wrongPassword': '秘钥不匹配',
  'ipo.notStarted': '未到申购时间',
  'ipo.alreadySubscribed': '单只新股，只能申购一次',
  'ipo.insufficientFunds': '当前账号余额不足',
  'ipo.recordNotFound': '该订单不存在',
  'ok.bought': '购买成功',
  'ok.sold': '卖出申请成功',
  'ok.cancelled': '撤单成功',
  'ok.subscribed': '申购成功',
  'ok.allotted': '配售成功',
  'ok.followed': '跟单成功',
  'ok.lent': '借券成功',
  'product.delisted': '该产品不存在或者已下架',
  'product.capacityExceeded': '抢筹额度不足',
  'product.lockedIn': '锁仓中',
  'product.stakeNotFound': '该订单不存在',
  'dayTrade.belowMinimum': '小于最低申请金额',
  'ok.dayTradeApplied': '您的申请已提交，请等待审核',
};

/** `validation.required`: one text per call and field. */
const REQUIRED: [string[], string, string][] = [
  [['/user/register', '/user/login'], 'account', '账号不能为空'],
  [['/user/register'], 'pwd', '密码不能为空'],
  [['/user/login'], 'password', '密码不能为空'],
  [['/user/register'], 'pwd1', '确认密码不能为空'],
  [['/user/register'], 'inviter', '邀请码不能为空'],
  [['/user/shiming'], 'realname', '请输入姓名'],
  [['/user/shiming'], 'id_card', '请输入身份证号码'],
  [['/user/shiming'], 'frontcard', '请上传身份证正面'],
  [['/user/shiming'], 'backcard', '请上传身份证反面'],
  [['/user/ischongzhi', '/user/chongzhi'], 'money', '请输入入金金额'],
  [['/user/to_jq'], 'money', '请输入借款金额'],
  [['/user/to_hq'], 'money', '请输入还款金额'],
  [['/user/rotation'], 'money', '请输入兑换金额'],
  [['/trade/rnjy'], 'money', '请输入购买的数额'],
  [['/trade/buy_newstock'], 'zhang', '请输入申购的数额'],
];

describe("the family's texts", () => {
  it('carries every text of the table, exact, beside its key', () => {
    for (const [key, text] of Object.entries(FAMILY)) {
      expect(Object.hasOwn(MESSAGES, key), key).toBe(true);
      expect((MESSAGES as Record<string, { family?: string }>)[key].family, key).toBe(text);
    }
  });

  it('has no family text the table does not list', () => {
    const extra = Object.entries(MESSAGES)
      .filter(([k, e]) => (e as { family?: string }).family !== undefined && !Object.hasOwn(FAMILY, k))
      .map(([k]) => k);
    expect(extra).toEqual([]);
  });

  it('uses only placeholders the key has in its own texts', () => {
    for (const [key, e] of Object.entries(MESSAGES) as [string, { cn: string; family?: string }][]) {
      if (e.family === undefined) continue;
      const own = new Set([...e.cn.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      for (const m of e.family.matchAll(/\{(\w+)\}/g)) expect(own.has(m[1]), `${key} {${m[1]}}`).toBe(true);
    }
  });

  it('fills a number as a plain integer, other params as they are, and appends nothing', () => {
    expect(familyMsg('withdraw.belowMinimum', { min: '100' })).toBe('出金最小值100元');
    expect(familyMsg('deposit.aboveMaximum', { max: '1,000,000.50' })).toBe('入金最大值1000000元');
    expect(familyMsg('block.belowMinimum', { min: 100 })).toBe('当前股票大宗交易最少买入100股');
    expect(familyMsg('deposit.outsideHours', { window: '09:00-17:00' })).toBe('请于入金时间09:00-17:00操作');
    expect(familyMsg('kyc.rejected', { reason: '照片模糊' })).toBe('实名信息不通过');
    expect(familyMsg('trade.beyondLimit', { down: '900', up: '1100' })).toBe('超出涨跌幅限制');
    expect(plainInteger('¥12,345.67')).toBe('12345');
    expect(plainInteger('-5.5')).toBe('-5');
    expect(plainInteger('09:00-17:00')).toBe('09:00-17:00');
  });

  it('sends the cn text for a key the family has none for, and the generic error for unknown keys', () => {
    expect(familyMsg('trade.marketMismatch', { symbol: '7203' })).toBe(
      MESSAGES['trade.marketMismatch'].cn.replace('{symbol}', '7203'),
    );
    expect(familyMsg('no.such.key')).toBe(MESSAGES['server.error'].family);
  });

  it('has one validation.required text per call and field', () => {
    for (const [paths, field, text] of REQUIRED) {
      for (const path of paths) {
        expect(familyMsg('validation.required', { field }, { path, field }), `${path} ${field}`).toBe(text);
        expect(familyMsg('validation.required', { field }, { path: path.toUpperCase(), field })).toBe(text);
      }
    }
    expect(Object.values(FAMILY_REQUIRED).flatMap((f) => Object.keys(f))).toHaveLength(
      REQUIRED.reduce((n, [paths]) => n + paths.length, 0),
    );
    // a field the table does not name sends the cn text
    expect(
      familyMsg('validation.required', { field: 'symbol' }, { path: '/trade/buy_stock', field: 'symbol' }),
    ).toBe(MESSAGES['validation.required'].cn.replace('{field}', 'symbol'));
    // own keys only
    expect(
      familyMsg('validation.required', { field: 'x' }, { path: '__proto__', field: 'constructor' }),
    ).toBe(MESSAGES['validation.required'].cn.replace('{field}', 'x'));
  });
});
