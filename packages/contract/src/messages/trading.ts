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
  'trade.quoteDelayed': {
    jp: 'この市場の株価は遅延配信のため、注文できません',
    cn: '该市场行情为延时行情，暂不能下单',
    us: 'Prices on this market are delayed; orders are not accepted',
  },
  'trade.quoteStale': {
    jp: '株価の配信が止まっているため、注文できません',
    cn: '行情推送已中断，暂不能下单',
    us: 'The price feed has stalled; orders are not accepted',
  },
  'quotes.periodUnavailable': {
    jp: 'この期間のチャートはデータ提供元のプランでは提供されていません',
    cn: '当前数据源套餐不提供该周期的K线',
    us: "This chart period is not offered by the data provider's plan",
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
  'trade.notShortable': {
    jp: 'この銘柄は空売りできません（貸借銘柄ではありません）',
    cn: '该股票不可卖空（非融券标的）',
    us: 'This stock cannot be sold short (not eligible for short selling)',
  },
  'trade.shortPriceRule': {
    jp: '空売り価格規制中のため、直近価格（{last}）以下での空売りはできません',
    cn: '卖空价格限制生效中，不能以最新价（{last}）或更低价格卖空',
    us: 'The short-sale price rule is in force: no short sale at or below the last price ({last})',
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
  'trade.badValidUntil': {
    jp: '期間指定は{from}から{to}までの日付を選んでください',
    cn: '有效期请选择{from}至{to}之间的日期',
    us: 'Choose a date from {from} to {to} for the order to stay valid',
  },
  'trade.exitPrices': {
    jp: '注文の種類に合った価格を入力してください（指値・逆指値・トレール幅）',
    cn: '请输入与订单类型相符的价格（限价、止损价、跟踪幅度）',
    us: 'Enter the prices this order type uses (limit, stop, trail)',
  },
  'trade.closeQuantity': {
    jp: '返済できる数量は1〜{max}株です',
    cn: '可平仓数量为1至{max}股',
    us: 'You can close 1 to {max} shares',
  },
  'trade.lentPartial': {
    jp: '貸出中の建玉は一部だけ返済できません',
    cn: '出借中的持仓不能部分平仓',
    us: 'A lent position cannot be closed in part',
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
  'block.passwordLocked': {
    jp: 'パスワードの誤りが続いたため、このブロック取引は15分間申し込めません',
    cn: '密码错误次数过多，15分钟内无法申购该大宗交易',
    us: 'Too many wrong passwords: this block trade is locked for you for 15 minutes',
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
