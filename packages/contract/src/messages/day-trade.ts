import type { Catalogue } from './types.ts';

/** Day trading: the application, the line, the review and the settlement. */
export const dayTrade = {
  'dayTrade.belowMinimum': {
    jp: '参加金額は {min} 以上で入力してください',
    cn: '参与金额不能低于 {min}',
    us: 'The amount must be at least {min}',
    family: '小于最低申请金额',
  },
  'dayTrade.aboveMaximum': {
    jp: '参加金額は {max} 以下で入力してください',
    cn: '参与金额不能超过 {max}',
    us: 'The amount may not exceed {max}',
  },
  'dayTrade.pending': {
    jp: '受付中のデイトレード申請があります（1日1件まで）',
    cn: '已有进行中的日内交易申请（每日限一笔）',
    us: 'You already have an open day-trading application (one a day)',
  },
  'dayTrade.marketNotAllowed': {
    jp: 'この市場ではデイトレードはできません（当日売却不可）',
    cn: '该市场不支持日内交易（当日不可卖出）',
    us: 'Day trading is not offered in this market (no same-day sale)',
  },
  'dayTrade.notApproved': {
    jp: '本日の承認済みデイトレード枠がありません',
    cn: '今日没有已批准的日内交易额度',
    us: 'You have no approved day-trading line for today',
  },
  'dayTrade.lineExceeded': {
    jp: 'デイトレード枠を超えます（残り {remaining}）',
    cn: '超出日内交易额度（剩余 {remaining}）',
    us: 'This exceeds your day-trading line ({remaining} left)',
  },
  'dayTrade.leverageNotAllowed': {
    jp: 'デイトレードではこのレバレッジは選択できません（{list}）',
    cn: '日内交易不支持该杠杆倍数（{list}）',
    us: 'This leverage is not offered for day trading ({list})',
  },
  'dayTrade.marketOrderOnly': {
    jp: 'デイトレードは成行注文のみです',
    cn: '日内交易仅支持市价单',
    us: 'Day trades are market orders only',
  },
  'dayTrade.closing': {
    jp: '本日のデイトレードは終了しました（強制決済時刻 {time}）',
    cn: '今日日内交易已结束（强制平仓时间 {time}）',
    us: 'Day trading has ended for today (forced close at {time})',
  },
  'dayTrade.dayOver': {
    jp: 'この申請の取引日は終了しています',
    cn: '该申请的交易日已结束',
    us: 'The trading day of this application is over',
  },
  'dayTrade.notVerified': {
    jp: '本人確認が完了していないため承認できません',
    cn: '用户未完成实名认证，无法批准',
    us: 'Cannot approve: the user’s identity is not verified',
  },
  'dayTrade.restricted': {
    jp: '取引制限中のアカウントのため承認できません',
    cn: '该账户已被限制交易，无法批准',
    us: 'Cannot approve: the account is restricted',
  },
  'dayTrade.unpaidLoan': {
    jp: '未返済の借入があるため承認できません',
    cn: '用户有未还清的借款，无法批准',
    us: 'Cannot approve: the user has an unpaid loan',
  },
  'dayTrade.state.review': { jp: '審査中', cn: '审核中', us: 'In review' },
  'dayTrade.state.approved': { jp: '承認済み', cn: '已批准', us: 'Approved' },
  'dayTrade.state.rejected': { jp: '却下', cn: '已驳回', us: 'Rejected' },
  'dayTrade.state.trading': { jp: '取引中', cn: '交易中', us: 'Trading' },
  'dayTrade.state.complete': { jp: '取引完了', cn: '交易完成', us: 'Complete' },
  'dayTrade.state.failed': { jp: '不成立', cn: '失败', us: 'Failed' },
  'record.kind.day_trade': { jp: 'デイトレード参加金', cn: '日内交易参与金', us: 'Day trading' },
  'record.kind.day_trade_settlement': {
    jp: 'デイトレード精算',
    cn: '日内交易结算',
    us: 'Day trading settlement',
  },
  'ok.dayTradeApplied': {
    jp: 'デイトレードを申請しました',
    cn: '日内交易申请已提交',
    us: 'Day-trading application submitted',
    family: '您的申请已提交，请等待审核',
  },
} satisfies Catalogue;
