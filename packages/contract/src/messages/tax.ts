import type { Catalogue } from './types.ts';

/** The tax account (特定口座), NISA and the tax lines of the cash statement. */
export const tax = {
  'tax.alreadyChosen': {
    jp: '今年の口座区分はすでに選択済みです。変更は翌年からになります',
    cn: '今年的账户类型已选择，需等到明年才能更改',
    us: 'You have already chosen this year’s account type. You can change it next year',
  },
  'tax.yearStarted': {
    jp: '今年はすでに譲渡が発生しているため、口座区分を変更できません',
    cn: '今年已有卖出交易，无法更改账户类型',
    us: 'This year already has a taxable sale, so the account type cannot change until next year',
  },
  'tax.nisaHeld': {
    jp: 'NISA口座で保有中の株式があるため、NISAを閉じられません',
    cn: 'NISA账户仍持有股票，无法关闭NISA',
    us: 'You still hold shares in NISA, so NISA cannot be closed',
  },
  'tax.nisaNotOpen': {
    jp: 'NISA口座が開設されていません。マイページの税務区分から開設してください',
    cn: '尚未开设NISA账户，请在“我的”-税务账户中开设',
    us: 'No NISA account is open. Open one under My page › Tax account',
  },
  'tax.nisaCashOnly': {
    jp: 'NISAは現物の買付のみ対象です（信用・空売り・デイトレードは対象外）',
    cn: 'NISA仅限现金买入（不可用于融资、做空或日内交易）',
    us: 'NISA is for cash purchases only (no margin, short or day trades)',
  },
  'tax.nisaNotOffered': {
    jp: 'この日付ではNISAをご利用いただけません',
    cn: '该日期不可使用NISA',
    us: 'NISA is not available on this date',
  },
  'tax.nisaYearQuota': {
    jp: 'NISA成長投資枠の年間上限を超えます（残り{left}円）',
    cn: '超出NISA成长投资额度的年度上限（剩余{left}日元）',
    us: 'This exceeds the NISA growth quota for the year (¥{left} left)',
  },
  'tax.nisaLifetimeQuota': {
    jp: 'NISAの生涯非課税限度額を超えます（残り{left}円）',
    cn: '超出NISA终身免税额度（剩余{left}日元）',
    us: 'This exceeds the NISA lifetime quota (¥{left} left)',
  },
  'tax.kind.withholding': {
    jp: '特定口座（源泉徴収あり）',
    cn: '特定账户（代扣税）',
    us: 'Specified account (tax withheld)',
  },
  'tax.kind.no_withholding': {
    jp: '特定口座（源泉徴収なし）',
    cn: '特定账户（不代扣税）',
    us: 'Specified account (no withholding)',
  },
  'tax.kind.general': { jp: '一般口座', cn: '一般账户', us: 'General account' },
  'ok.taxAccountSet': {
    jp: '口座区分を変更しました',
    cn: '账户类型已更改',
    us: 'Account type changed',
  },
  'record.kind.tax_withheld': { jp: '源泉徴収税', cn: '预扣税', us: 'Tax withheld' },
  'record.kind.tax_refund': { jp: '源泉徴収税還付', cn: '预扣税退还', us: 'Tax refunded' },
} satisfies Catalogue;
