import type { Catalogue } from './types.ts';

/** Stock lending (貸株): refusals and confirmations. */
export const lending = {
  'lending.notFound': {
    jp: '対象の保有株または貸株が見つかりません',
    cn: '未找到该持仓或借股记录',
    us: 'Holding or loan not found',
  },
  'lending.notFullyPaid': {
    jp: '貸株できるのは現物（レバレッジ1倍）の買い建玉だけです',
    cn: '仅可出借全额买入（1倍杠杆）的多头持仓',
    us: 'Only fully paid long holdings (leverage 1) can be lent',
  },
  'lending.alreadyLent': {
    jp: 'この保有株はすでに貸株中です',
    cn: '该持仓已在出借中',
    us: 'This holding is already lent',
  },
  'lending.closed': {
    jp: 'この建玉は保有中ではないため貸株できません',
    cn: '该持仓已不在持有状态，无法出借',
    us: 'This position is no longer held and cannot be lent',
  },
  'lending.notLent': {
    jp: 'この貸株はすでに返却済みです',
    cn: '该借股已召回',
    us: 'This loan has already been recalled',
  },
  'lending.noRate': {
    jp: 'この銘柄の貸株金利が設定されていません',
    cn: '该股票未设置借股利率',
    us: 'No lending rate is set for this stock',
  },
  'ok.recalled': { jp: '貸株を返却しました', cn: '已召回借股', us: 'Loan recalled' },
} satisfies Catalogue;
