import type { Catalogue } from './types.ts';

/** Wallets, KYC, bank cards, deposits, withdrawals, exchange, loans. */
export const money = {
  'money.insufficientAvailable': {
    jp: '利用可能残高が不足しています',
    cn: '可用余额不足',
    us: 'Insufficient available balance',
  },
  'money.insufficientBalance': { jp: '残高が不足しています', cn: '余额不足', us: 'Insufficient balance' },
  'kyc.required': {
    jp: '先に本人確認を完了してください',
    cn: '请先完成实名认证',
    us: 'Please complete identity verification first',
  },
  'kyc.rejected': {
    jp: '本人確認情報が却下されました: {reason}',
    cn: '实名信息被驳回：{reason}',
    us: 'Your verification was rejected: {reason}',
  },
  'kyc.alreadyVerified': { jp: '本人確認は完了しています', cn: '已完成实名认证', us: 'Already verified' },
  'kyc.pending': {
    jp: '本人確認は審査中です',
    cn: '实名信息已提交，等待审核',
    us: 'Already submitted, awaiting review',
  },
  'kyc.privacyRequired': {
    jp: 'プライバシーに関する通知に同意してください',
    cn: '请勾选隐私声明',
    us: 'Please accept the privacy notice',
  },
  'bank.exists': {
    jp: 'この口座は既に登録されています',
    cn: '银行卡已存在',
    us: 'This bank account already exists',
  },
  'bank.notFound': { jp: '口座が見つかりません', cn: '银行卡不存在', us: 'Bank account not found' },
  'bank.holderMismatch': {
    jp: '口座名義は本人確認済みの氏名と同じにしてください',
    cn: '持卡人须与实名认证姓名一致',
    us: 'The holder must match your verified name',
  },
  'deposit.pending': {
    jp: '審査中の入金申請があります',
    cn: '已有待审核的充值申请',
    us: 'A deposit is already pending',
  },
  'deposit.outsideHours': {
    jp: '入金受付時間外です（{window}）',
    cn: '不在充值时间内（{window}）',
    us: 'Outside deposit hours ({window})',
  },
  'deposit.belowMinimum': {
    jp: '入金額は{min}以上にしてください',
    cn: '充值金额不能低于{min}',
    us: 'The minimum deposit is {min}',
  },
  'deposit.aboveMaximum': {
    jp: '入金額は{max}以下にしてください',
    cn: '充值金额不能超过{max}',
    us: 'The maximum deposit is {max}',
  },
  'deposit.proofRequired': {
    jp: '振込明細の画像をアップロードしてください',
    cn: '请上传转账凭证',
    us: 'Please upload the transfer proof',
  },
  'deposit.wrongChannelPassword': {
    jp: 'チャネルパスワードが正しくありません',
    cn: '通道密码错误',
    us: 'Wrong channel password',
  },
  'deposit.channelNotFound': {
    jp: '入金チャネルが見つかりません',
    cn: '充值通道不存在',
    us: 'Deposit channel not found',
  },
  'withdraw.outsideHours': {
    jp: '出金受付時間外です（{window}）',
    cn: '不在提现时间内（{window}）',
    us: 'Outside withdrawal hours ({window})',
  },
  'withdraw.belowMinimum': {
    jp: '出金額は{min}以上にしてください',
    cn: '提现金额不能低于{min}',
    us: 'The minimum withdrawal is {min}',
  },
  'withdraw.aboveMaximum': {
    jp: '出金額は{max}以下にしてください',
    cn: '提现金额不能超过{max}',
    us: 'The maximum withdrawal is {max}',
  },
  'withdraw.hasPositions': {
    jp: '保有株式があるため出金できません',
    cn: '持有股票期间不能提现',
    us: 'Withdrawals are not allowed while you hold stocks',
  },
  'withdraw.pending': {
    jp: '処理中の出金申請があります',
    cn: '已有处理中的提现申请',
    us: 'A withdrawal is already pending',
  },
  'withdraw.bankRequired': {
    jp: '本人名義の出金口座を登録してください',
    cn: '请绑定本人名下的银行卡',
    us: 'Please add a bank account in your own name',
  },
  'exchange.sameCurrency': {
    jp: '同じ通貨間の両替はできません',
    cn: '不能兑换相同币种',
    us: 'Cannot exchange a currency for itself',
  },
  'loan.insufficientQuota': {
    jp: '与信枠または借入可能額が不足しています',
    cn: '信用额度或借款额度不足',
    us: 'Insufficient credit or borrowing quota',
  },
  'loan.unpaid': {
    jp: '未返済の借入があります。先に返済してください',
    cn: '有未还清的信用贷款，请先还款',
    us: 'You have an unpaid loan; please repay it first',
  },
  'loan.repayLessThanLoan': {
    jp: '返済額が借入額を下回っています',
    cn: '还款金额小于借款金额',
    us: 'The repayment is less than the loan',
  },
  'loan.pending': {
    jp: '審査中の借入申請があります',
    cn: '已有待审核的借款申请',
    us: 'A loan application is already pending',
  },
  'review.alreadyDecided': {
    jp: 'この申請は既に処理されています',
    cn: '该申请已处理',
    us: 'This request has already been decided',
  },
  'money.minorUnit': {
    jp: '金額は{unit}単位で入力してください',
    cn: '金额须以{unit}为单位',
    us: 'The amount must be a multiple of {unit}',
  },
  'kyc.sameImage': {
    jp: '表面と裏面には別の画像をアップロードしてください',
    cn: '正面和背面请上传不同的图片',
    us: 'Please upload different images for the front and the back',
  },
  'kyc.idFormat': {
    jp: '身分証番号は半角英数字で入力してください',
    cn: '证件号码须为半角字母或数字',
    us: 'The ID number must be half-width letters or digits',
  },
  'bank.limit': {
    jp: '登録できる口座は{max}件までです',
    cn: '最多可绑定{max}张银行卡',
    us: 'You can register at most {max} bank accounts',
  },
  'bank.numberFormat': {
    jp: '口座番号は半角数字で入力してください',
    cn: '银行账号须为半角数字',
    us: 'The account number must be half-width digits',
  },
  'deposit.channelClosed': {
    jp: 'この入金チャネルは現在ご利用いただけません',
    cn: '该充值通道暂不可用',
    us: 'This deposit channel is not available now',
  },
  'upload.notFound': {
    jp: 'アップロードした画像が見つかりません',
    cn: '未找到上传的图片',
    us: 'The uploaded image was not found',
  },
  'exchange.tooSmall': {
    jp: '両替後の金額が小さすぎます',
    cn: '兑换后的金额过小',
    us: 'The converted amount is too small',
  },
  'loan.notFound': {
    jp: '返済する借入がありません',
    cn: '没有需要偿还的借款',
    us: 'There is no loan to repay',
  },
  'loan.repayDue': {
    jp: '返済額は{due}以上にしてください（元金と利息）',
    cn: '还款金额不能低于{due}（本金加利息）',
    us: 'The repayment must be at least {due} (principal and interest)',
  },
  'records.rangeTooLong': {
    jp: '期間は{days}日以内で選択してください',
    cn: '请选择不超过{days}天的时间范围',
    us: 'Please choose no more than {days} days',
  },
  'records.badRange': {
    jp: '終了日は開始日以降にしてください',
    cn: '结束日期不能早于开始日期',
    us: 'The end date must not be before the start date',
  },
  'review.notFound': { jp: '申請が見つかりません', cn: '申请不存在', us: 'Request not found' },
  'ok.decided': { jp: '処理しました', cn: '已处理', us: 'Done' },
  'ok.depositSubmitted': {
    jp: '入金申請を送信しました',
    cn: '充值申请已提交',
    us: 'Deposit submitted',
  },
  'ok.withdrawSubmitted': {
    jp: '出金申請を送信しました',
    cn: '提现申请已提交',
    us: 'Withdrawal submitted',
  },
  'ok.exchanged': { jp: '両替しました', cn: '兑换成功', us: 'Exchanged' },
  'ok.borrowed': { jp: '借入を申請しました', cn: '借款申请成功', us: 'Loan requested' },
  'ok.repaid': { jp: '返済しました', cn: '还款成功', us: 'Repaid' },
  'ok.unbound': { jp: '解除しました', cn: '解绑成功', us: 'Removed' },
} satisfies Catalogue;
