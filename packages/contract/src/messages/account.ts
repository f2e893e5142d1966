import type { Catalogue } from './types.ts';

/** Registration, login, sessions and passwords. */
export const account = {
  'account.banned': {
    jp: 'このアカウントはログインが禁止されています。カスタマーサービスにお問い合わせください',
    cn: '该账户已被禁止登录，请联系客服',
    us: 'This account is banned from logging in. Please contact customer service',
    family: '该账号已被禁止登陆，请联系客服',
  },
  'account.frozen': {
    jp: 'このアカウントは凍結されています。カスタマーサービスにお問い合わせください',
    cn: '该账户已被冻结，请联系客服',
    us: 'This account is frozen. Please contact customer service',
    family: '该账号已被冻结，请联系客服',
  },
  'account.restricted': {
    jp: 'このアカウントは取引が制限されています。カスタマーサービスにお問い合わせください',
    cn: '该账户已被限制交易，请联系客服',
    us: 'Trading is restricted on this account. Please contact customer service',
    family: '当前账号不能交易请联系客服',
  },
  'account.exists': {
    jp: 'このアカウントは既に存在します',
    cn: '账户已存在',
    us: 'This account already exists',
    family: '账号已存在',
  },
  'account.inviterNotFound': {
    jp: '招待コードが存在しません',
    cn: '邀请码不存在',
    us: 'The invite code does not exist',
    family: '邀请人不存在',
  },
  'account.notFound': {
    jp: 'アカウントが存在しません',
    cn: '账户不存在',
    us: 'Account does not exist',
    family: '账号不存在',
  },
  'account.format': {
    jp: 'アカウントは半角英数字4〜20文字で入力してください',
    cn: '账户须为4至20位半角字母或数字',
    us: 'Account must be 4–20 half-width letters or digits',
  },
  'account.notMobile': {
    jp: 'アカウントは10桁の携帯電話番号で入力してください',
    cn: '账户须为10位手机号码',
    us: 'Account must be a ten-digit mobile number',
  },
  'account.passwordFormat': {
    jp: 'パスワードは8〜64文字で入力してください',
    cn: '密码须为8至64位',
    us: 'Password must be 8–64 characters',
  },
  'account.passwordWeak': {
    jp: 'よく使われている、または推測されやすいパスワードです。別のパスワードにしてください',
    cn: '该密码过于常见或容易被猜到，请换一个',
    us: 'This password is common or easy to guess; please choose another',
  },
  'account.passwordIsAccount': {
    jp: 'アカウント名を含むパスワードは使えません',
    cn: '密码不能包含账号名',
    us: 'The password must not contain the account name',
  },
  'account.fundPasswordFormat': {
    jp: '取引パスワードは数字6桁で入力してください',
    cn: '交易密码须为6位数字',
    us: 'The fund password must be 6 digits',
  },
  'account.passwordMismatch': {
    jp: '2つのパスワードが一致しません',
    cn: '两次输入的密码不一致',
    us: 'The two passwords do not match',
    family: '两次密码不一致',
  },
  'account.samePassword': {
    jp: '新しいパスワードは現在のパスワードと異なるものにしてください',
    cn: '新密码不能与原密码相同',
    us: 'The new password must differ from the current one',
  },
  'account.termsRequired': {
    jp: '利用規約に同意してください',
    cn: '请先同意用户协议',
    us: 'Please accept the terms',
    family: '请阅读并同意用户协议',
  },
  'account.wrongOldPassword': {
    jp: '現在のパスワードが正しくありません',
    cn: '原密码错误',
    us: 'The current password is wrong',
    family: '原始密码错误',
  },
  'account.wrongFundPassword': {
    jp: '取引パスワードが正しくありません',
    cn: '交易密码错误',
    us: 'Wrong fund password',
    family: '资金密码错误',
  },
  'account.fundPasswordLocked': {
    jp: '取引パスワードの誤りが続いたため、{minutes}分間ロックされています',
    cn: '交易密码错误次数过多，已锁定{minutes}分钟',
    us: 'Too many wrong fund passwords; locked for {minutes} minutes',
  },
  'account.fundPasswordNotSet': {
    jp: '先に取引パスワードを設定してください',
    cn: '请先设置交易密码',
    us: 'Please set a fund password first',
    family: '还未设置资金密码，请先去设置资金密码',
  },
  'account.fundPasswordAlreadySet': {
    jp: '取引パスワードは設定済みです',
    cn: '交易密码已设置',
    us: 'The fund password is already set',
  },
  'account.modifyFailed': {
    jp: '変更に失敗しました',
    cn: '修改失败',
    us: 'Modification failed',
    family: '修改失败',
  },
  'auth.wrongCredentials': {
    jp: 'アカウントまたはパスワードが正しくありません',
    cn: '账户或密码错误',
    us: 'Wrong account or password',
    family: '账号或密码错误',
  },
  'auth.locked': {
    jp: 'パスワードの誤りが続いたため、{minutes}分間ログインできません',
    cn: '密码错误次数过多，请{minutes}分钟后再试',
    us: 'Too many wrong passwords. Try again in {minutes} minutes',
  },
  'auth.loginAgain': { jp: '再度ログインしてください', cn: '请重新登录', us: 'Please log in again' },
  'ok.registered': { jp: '登録しました', cn: '注册成功', us: 'Registered', family: '注册成功' },
  'ok.loggedIn': { jp: 'ログインしました', cn: '登录成功', us: 'Logged in', family: '登入成功' },
  'ok.loggedOut': { jp: 'ログアウトしました', cn: '已退出登录', us: 'Logged out' },
} satisfies Catalogue;
