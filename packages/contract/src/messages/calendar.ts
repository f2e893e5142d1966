import type { Catalogue } from './types.ts';

/** Operators' market closures, and what settlement holds back from a withdrawal. */
export const calendar = {
  'calendar.closureExists': {
    jp: 'この市場のこの日にはすでに休場・短縮取引が登録されています',
    cn: '该市场当日已登记休市或提前收市',
    us: 'This market already has a closure on that day',
  },
  'calendar.closureNotFound': {
    jp: '休場・短縮取引が見つかりません',
    cn: '未找到该休市记录',
    us: 'Closure not found',
  },
  'calendar.pastDate': {
    jp: '今日以降の日付を指定してください',
    cn: '请选择今天或之后的日期',
    us: 'Choose today or a later date',
  },
  'calendar.notTradingDay': {
    jp: 'この日はもともと休場日です',
    cn: '该日本来就不是交易日',
    us: 'The market does not trade on that day anyway',
  },
  'calendar.badCloseTime': {
    jp: '短縮取引の終了時刻は当日の取引時間内で指定してください（{from}〜{to}）',
    cn: '提前收市时间须在当日交易时间内（{from}～{to}）',
    us: 'The early close must fall inside the day’s session ({from}–{to})',
  },
  'withdraw.aboveWithdrawable': {
    jp: '出金可能額（{amount}）を超えています。未受渡の売却代金は受渡日から出金できます',
    cn: '超出可提现金额（{amount}）。未交收的卖出款项自交收日起可提现',
    us: 'Above the withdrawable amount ({amount}). Sale proceeds can be withdrawn from their settlement date',
  },
} satisfies Catalogue;
