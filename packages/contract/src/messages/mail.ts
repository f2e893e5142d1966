import type { Catalogue } from './types.ts';

/** Email: the address on My page, its verification link, password reset by mail. */
export const mail = {
  'mail.format': {
    jp: 'メールアドレスの形式が正しくありません',
    cn: '邮箱地址格式不正确',
    us: 'Enter a valid email address',
  },
  'mail.unavailable': {
    jp: 'メール送信が設定されていないため、この機能はご利用いただけません。カスタマーサービスにお問い合わせください',
    cn: '邮件发送尚未配置，暂无法使用此功能。请联系客服',
    us: 'Email is not set up on this site, so this is not available. Please contact customer service',
  },
  'mail.linkInvalid': {
    jp: 'このリンクは無効です。もう一度お手続きください',
    cn: '该链接无效，请重新操作',
    us: 'This link is not valid. Please start again',
  },
  'mail.linkUsed': {
    jp: 'このリンクは使用済みです。もう一度お手続きください',
    cn: '该链接已被使用，请重新操作',
    us: 'This link has already been used. Please start again',
  },
  'mail.linkExpired': {
    jp: 'このリンクは有効期限が切れています。もう一度お手続きください',
    cn: '该链接已过期，请重新操作',
    us: 'This link has expired. Please start again',
  },
  'mail.taken': {
    jp: 'このメールアドレスは別のアカウントで使われています',
    cn: '该邮箱已被其他账户使用',
    us: 'This email address is used by another account',
  },
  'mail.noAddress': {
    jp: '確認済みのメールアドレスがありません。先にメールアドレスを登録してください',
    cn: '尚无已验证的邮箱，请先添加邮箱',
    us: 'There is no verified email address yet. Add one first',
  },
  'ok.resetSent': {
    jp: 'ご登録のメールアドレスであれば、再設定用のリンクを送信しました。30分以内に開いてください',
    cn: '如果该邮箱已登记，重置链接已发送，请在30分钟内打开',
    us: 'If that address is registered, a reset link is on its way. Open it within 30 minutes',
  },
  'ok.passwordReset': {
    jp: 'パスワードを再設定しました。新しいパスワードでログインしてください',
    cn: '密码已重置，请使用新密码登录',
    us: 'Your password has been reset. Sign in with the new one',
  },
  'ok.verifySent': {
    jp: '確認用のリンクをメールで送信しました',
    cn: '验证链接已发送到您的邮箱',
    us: 'A verification link has been sent to that address',
  },
  'ok.emailVerified': {
    jp: 'メールアドレスを確認しました',
    cn: '邮箱已验证',
    us: 'Email address verified',
  },
  'ok.saved': { jp: '保存しました', cn: '已保存', us: 'Saved' },
} satisfies Catalogue;
