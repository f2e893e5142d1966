import type { Catalogue } from './types.ts';

/** Copy-trade products (product missing or delisted, follow deadline, minimum, fundraising). */
export const products = {
  'product.delisted': {
    jp: 'この商品は現在フォローできません（取扱い終了）',
    cn: '该产品已下架，无法跟单',
    us: 'This product is delisted and cannot be followed',
    family: '该产品不存在或者已下架',
  },
  'product.capacityExceeded': {
    jp: '募集額が不足しています（残り {left}）',
    cn: '募集金额不足（剩余 {left}）',
    us: 'Insufficient fundraising amount ({left} left)',
    family: '抢筹额度不足',
  },
  'product.lockedIn': {
    jp: 'ロック期間中です（{date} 以降に解約できます）',
    cn: '锁定期内（{date} 之后可赎回）',
    us: 'Still in the lock-in (redeemable from {date})',
    family: '锁仓中',
  },
  'product.stakeNotFound': {
    jp: '注文が見つかりません',
    cn: '订单不存在',
    us: 'Order not found',
    family: '该订单不存在',
  },
  'product.stakeEnded': {
    jp: 'この注文はすでに終了しています',
    cn: '该订单已结束',
    us: 'This order has already ended',
  },
  'product.badWeights': {
    jp: '構成銘柄の比率は合計100%で、重複なく指定してください',
    cn: '成分股权重合计须为100%，且不可重复',
    us: 'Constituent weights must add up to 100% with no symbol twice',
  },
  'product.badConstituent': {
    jp: '構成銘柄 {symbol} はこの市場の上場株式ではありません',
    cn: '成分股 {symbol} 不是该市场的上市股票',
    us: 'Constituent {symbol} is not a listed stock of this market',
  },
  'product.noPrice': {
    jp: '構成銘柄の価格を取得できません',
    cn: '无法获取成分股价格',
    us: 'The constituents’ prices could not be obtained',
  },
  'product.badWindow': {
    jp: '終了日はフォロー期限以降にしてください',
    cn: '结束日期须不早于跟单截止时间',
    us: 'The end must not be before the follow deadline',
  },
  'product.ended': {
    jp: 'この商品は終了しています',
    cn: '该产品已结束',
    us: 'This product has ended',
  },
  'ok.redeemed': { jp: '解約しました', cn: '赎回成功', us: 'Redeemed' },
} satisfies Catalogue;
