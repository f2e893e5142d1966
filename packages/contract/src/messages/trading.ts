import type { Catalogue } from './types.ts';

/** Quotes, orders, positions and the products that trade. */
export const trading = {
  'trade.outsideHours': {
    jp: '取引時間外です',
    cn: '不在交易时间内',
    us: 'Outside trading hours',
  },
  'trade.cannotBuy': {
    jp: '現在この銘柄は購入できません',
    cn: '该股票暂不能购买',
    us: 'This stock cannot be bought now',
  },
  'trade.priceUnavailable': {
    jp: '株価を取得できません',
    cn: '未获取到股票价格',
    us: 'The stock price could not be obtained',
  },
  'trade.beyondLimit': {
    jp: '値幅制限を超えています（{down}〜{up}）',
    cn: '超出涨跌停限制（{down}～{up}）',
    us: 'Beyond the daily price limit ({down}–{up})',
  },
  'trade.offTick': {
    jp: '呼値の単位（{tick}）に合っていません',
    cn: '价格不符合最小变动单位（{tick}）',
    us: 'The price must be a multiple of the tick size ({tick})',
  },
  'trade.belowMinimumQuantity': {
    jp: '最低注文数量は{min}株です',
    cn: '最少购买{min}股',
    us: 'The minimum order is {min} shares',
  },
  'trade.leverageNotAllowed': {
    jp: 'このレバレッジは選択できません',
    cn: '不支持该杠杆倍数',
    us: 'This leverage is not offered',
  },
  'trade.marketMismatch': {
    jp: '銘柄{symbol}は選択中の市場の銘柄ではありません',
    cn: '股票{symbol}不属于当前所选市场',
    us: '{symbol} is not traded on the selected market',
  },
  'trade.unknownSymbol': { jp: '銘柄が見つかりません', cn: '股票不存在', us: 'Unknown stock' },
  'trade.notHolding': {
    jp: 'この注文は保有中ではありません',
    cn: '该订单不是持仓状态',
    us: 'This order is not in holding state',
  },
  'trade.notPending': {
    jp: 'この注文は取消できません',
    cn: '该订单不是挂单状态',
    us: 'This order is not pending',
  },
  'trade.sameDaySell': {
    jp: '中国株は買付当日に売却できません',
    cn: 'A股当日买入不能当日卖出',
    us: 'China A-shares cannot be sold on the day they were bought',
  },
  'trade.orderNotFound': { jp: '注文が見つかりません', cn: '订单不存在', us: 'Order not found' },
  'product.notFound': {
    jp: '商品が存在しないか、取扱いを終了しました',
    cn: '产品不存在或已下架',
    us: 'Product missing or delisted',
  },
  'product.deadlinePassed': {
    jp: 'フォロー期限を過ぎています',
    cn: '已过跟单截止时间',
    us: 'The follow deadline has passed',
  },
  'product.belowMinimum': {
    jp: '最低投資額（{min}）を下回っています',
    cn: '低于产品最低金额（{min}）',
    us: 'Below the product minimum ({min})',
  },
  'block.closed': {
    jp: 'ブロック取引は終了しました',
    cn: '大宗交易已关闭',
    us: 'This block trade is closed',
  },
  'block.notFound': {
    jp: 'ブロック取引が見つかりません',
    cn: '大宗交易不存在',
    us: 'Block trade not found',
  },
  'block.belowMinimum': {
    jp: 'ブロック取引は{min}株以上、{min}株単位でお申し込みください',
    cn: '大宗交易最低{min}股，且须为{min}股的整数倍',
    us: 'Block trades are for at least {min} shares, in multiples of {min}',
  },
  'block.wrongPassword': {
    jp: 'ブロック取引のパスワードが正しくありません',
    cn: '大宗交易密码错误',
    us: 'Wrong block trade password',
  },
  'block.alreadySubscribed': {
    jp: 'このブロック取引にはすでにお申し込み済みです',
    cn: '您已申购过该大宗交易',
    us: 'You have already subscribed to this block trade',
  },
  'block.notAllocated': {
    jp: 'このブロック取引はまだ割当されていません',
    cn: '该大宗交易尚未配售',
    us: 'This block trade has not been allocated yet',
  },
  'block.notStarted': {
    jp: 'このブロック取引の申込はまだ始まっていません',
    cn: '该大宗交易尚未开始申购',
    us: 'This block trade has not started yet',
  },
  'block.notOpen': {
    jp: 'このブロック取引はまだ割当できません（申込期間中です）',
    cn: '该大宗交易仍在申购期内，暂不能配售',
    us: 'This block trade is still open and cannot be allocated yet',
  },
  'afterMarket.closed': {
    jp: '時間外取引の受付時間外です（{window}）',
    cn: '不在盘后交易时间内（{window}）',
    us: 'After-market trading is closed (open {window})',
  },
  'ipo.notStarted': {
    jp: '申込期間はまだ始まっていません',
    cn: '申购时间未到',
    us: 'Subscription has not started yet',
  },
  'ipo.alreadySubscribed': {
    jp: '新規公開株の申込は1銘柄につき1回です',
    cn: '每只新股只能申购一次',
    us: 'One subscription per new share',
  },
  'ipo.insufficientQuota': {
    jp: '購入可能枠が不足しています',
    cn: '可购买额度不足',
    us: 'Insufficient purchase quota',
  },
  'ipo.insufficientFunds': {
    jp: '払込金額が不足しています',
    cn: '认缴资金不足',
    us: 'Insufficient subscription funds',
  },
  'ok.bought': { jp: '注文しました', cn: '购买成功', us: 'Order placed' },
  'ok.sold': { jp: '決済しました', cn: '平仓成功', us: 'Position closed' },
  'ok.cancelled': { jp: '注文を取り消しました', cn: '撤单成功', us: 'Order cancelled' },
  'ok.subscribed': { jp: '申し込みました', cn: '申购成功', us: 'Subscribed' },
  'ok.allocated': { jp: '割当を実行しました', cn: '已完成配售', us: 'Allocation done' },
  'ok.allotted': { jp: '割り当てられました', cn: '配售成功', us: 'Allotted' },
  'ok.followed': { jp: 'フォローしました', cn: '跟单成功', us: 'Followed' },
  'ok.lent': { jp: '貸株を開始しました', cn: '借股成功', us: 'Stock lending started' },
} satisfies Catalogue;
