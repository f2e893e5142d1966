import type { Catalogue } from './types.ts';

/** New shares (IPO): refusals, the states of an application, the back office's refusals. */
export const ipo = {
  'draw.entriesChanged': {
    jp: '締切時に公開した申込一覧と現在の申込が一致しないため、抽選・配分を実行できません',
    cn: '当前申购与截止时公布的申购清单不一致，无法抽签或分配',
    us: 'The entries differ from the list committed when the window closed: the draw cannot run',
  },
  'ipo.notFound': { jp: '新規公開株が見つかりません', cn: '新股不存在', us: 'New share offering not found' },
  'ipo.ended': {
    jp: '申込期間は終了しました',
    cn: '申购时间已结束',
    us: 'The subscription period has ended',
  },
  'ipo.lotSize': {
    jp: '申込数量は{lot}株単位です',
    cn: '申购数量须为{lot}股的整数倍',
    us: 'Apply in units of {lot} shares',
  },
  'ipo.aboveMax': {
    jp: '1回の申込上限は{max}株です',
    cn: '单次申购上限为{max}股',
    us: 'At most {max} shares per application',
  },
  'ipo.recordNotFound': {
    jp: '申込記録が見つかりません',
    cn: '申购记录不存在',
    us: 'Subscription record not found',
    family: '该订单不存在',
  },
  'ipo.cannotAbstain': {
    jp: '当選した申込のみ辞退できます',
    cn: '只有中签的申购可以放弃',
    us: 'Only a winning application can be declined',
  },
  'ipo.deadlinePassed': {
    jp: '購入申込期限を過ぎています',
    cn: '已过缴款截止时间',
    us: 'The payment deadline has passed',
  },
  'ipo.notDrawn': {
    jp: '抽選はまだ行われていません',
    cn: '尚未抽签',
    us: 'The lottery has not been drawn yet',
  },
  'ipo.alreadyDrawn': { jp: '抽選は実施済みです', cn: '已抽签', us: 'The lottery has already been drawn' },
  'ipo.lotteryNotDue': {
    jp: '申込期間の終了後に抽選できます',
    cn: '申购结束后才能抽签',
    us: 'The lottery can be drawn once subscriptions have closed',
  },
  'ipo.notPriced': {
    jp: '公開価格が決定していません',
    cn: '发行价尚未确定',
    us: 'The offer price has not been fixed',
  },
  'ipo.priceOutOfRange': {
    jp: '公開価格は仮条件（{low}〜{high}）の範囲内で決めてください',
    cn: '发行价须在询价区间（{low}～{high}）内',
    us: 'The offer price must be within the range ({low}–{high})',
  },
  'ipo.cannotCancel': {
    jp: '抽選後の銘柄は中止できません',
    cn: '已抽签的新股不能取消',
    us: 'An offering cannot be cancelled after its lottery',
  },
  'ipo.cannotEdit': {
    jp: '申込開始後は日程と数量を変更できません',
    cn: '申购开始后不能修改日程和数量',
    us: 'The schedule and quantities cannot change once subscriptions have opened',
  },
  'ipo.codeTaken': {
    jp: 'この銘柄コードは使用されています',
    cn: '该股票代码已被使用',
    us: 'This code is already in use',
  },
  'ipo.badCalendar': {
    jp: '日程は 申込開始 < 申込終了 ≤ 抽選日 ≤ 購入期限 ≤ 上場日 の順にしてください',
    cn: '日程须满足：申购开始 < 申购结束 ≤ 抽签日 ≤ 缴款截止 ≤ 上市日',
    us: 'The schedule must run: start < end ≤ lottery ≤ payment deadline ≤ listing',
  },
  'ipo.badRange': {
    jp: '仮条件の下限は上限以下にしてください',
    cn: '询价区间下限须不高于上限',
    us: 'The bottom of the range must not exceed the top',
  },
  'ipo.badShares': {
    jp: '株数は100株単位で入力してください',
    cn: '股数须为100股的整数倍',
    us: 'Shares must be in units of 100',
  },
  'ipo.state.applied': { jp: '申込済', cn: '已申购', us: 'Applied' },
  'ipo.state.held': { jp: '抽選待ち（拘束中）', cn: '待抽签（冻结中）', us: 'Awaiting lottery (held)' },
  'ipo.state.won': { jp: '当選', cn: '已中签', us: 'Won' },
  'ipo.state.paid': { jp: '当選・払込済', cn: '中签・已缴款', us: 'Won and paid' },
  'ipo.state.waitlisted': { jp: '補欠', cn: '候补', us: 'Waitlisted' },
  'ipo.state.notWon': { jp: '落選（返金済）', cn: '未中签（已退款）', us: 'Not won (refunded)' },
  'ipo.state.abstained': { jp: '辞退（返金済）', cn: '已放弃（已退款）', us: 'Declined (refunded)' },
  'ipo.state.listed': { jp: '上場・保有中', cn: '已上市・持有', us: 'Listed (held)' },
  'ok.abstained': { jp: '辞退しました', cn: '已放弃认购', us: 'Declined' },
  'ok.drawn': { jp: '抽選しました', cn: '已抽签', us: 'Lottery drawn' },
} satisfies Catalogue;
