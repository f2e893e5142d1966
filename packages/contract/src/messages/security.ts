import type { Catalogue } from './types.ts';

/** Passkeys, the authenticator app (TOTP), step-up confirmation and signed-in devices. */
export const security = {
  'security.challengeInvalid': {
    jp: '確認の有効期限が切れたか、既に使用されています。もう一度お試しください',
    cn: '验证已过期或已被使用，请重试',
    us: 'This confirmation expired or was already used. Please try again',
  },
  'security.passkeyFailed': {
    jp: 'パスキーを確認できませんでした',
    cn: '通行密钥验证失败',
    us: 'The passkey could not be verified',
  },
  'security.passkeyUnavailable': {
    jp: 'このアドレスではパスキーを利用できません',
    cn: '此地址无法使用通行密钥',
    us: 'Passkeys are not available at this address',
  },
  'security.passkeyExists': {
    jp: 'このパスキーは登録済みです',
    cn: '该通行密钥已绑定',
    us: 'This passkey is already registered',
  },
  'security.passkeyNotFound': {
    jp: 'パスキーが見つかりません',
    cn: '未找到该通行密钥',
    us: 'Passkey not found',
  },
  'security.passkeyLimit': {
    jp: 'パスキーは{max}件まで登録できます',
    cn: '最多可绑定{max}个通行密钥',
    us: 'You can register up to {max} passkeys',
  },
  'security.codeFormat': {
    jp: '6桁のコードまたはリカバリーコードを入力してください',
    cn: '请输入6位验证码或恢复码',
    us: 'Enter the 6-digit code or a recovery code',
  },
  'security.wrongCode': {
    jp: 'コードが正しくありません',
    cn: '验证码错误',
    us: 'The code is wrong',
  },
  'security.codeLocked': {
    jp: 'コードの誤りが続いたため、しばらくコードは使えません。パスキーを使うか、時間をおいてお試しください',
    cn: '验证码错误次数过多，暂时无法使用验证码。请使用通行密钥或稍后再试',
    us: 'Too many wrong codes: codes are locked for a while. Use a passkey or try again later',
  },
  'security.ticketInvalid': {
    jp: 'ログインの有効期限が切れました。もう一度ログインしてください',
    cn: '登录已超时，请重新登录',
    us: 'The sign-in timed out. Please log in again',
  },
  'security.totpNotSetUp': {
    jp: '先に認証アプリを設定してください',
    cn: '请先设置身份验证器',
    us: 'Set up the authenticator app first',
  },
  'security.totpAlreadyOn': {
    jp: '認証アプリは設定済みです',
    cn: '身份验证器已启用',
    us: 'The authenticator app is already on',
  },
  'security.stepUpRequired': {
    jp: 'パスキーまたは認証アプリで本人確認をしてください',
    cn: '请使用通行密钥或身份验证器进行验证',
    us: 'Please confirm with your passkey or authenticator app',
  },
  'security.enrolmentRequired': {
    jp: '先にパスキーまたは認証アプリを登録してください（マイページ › セキュリティ）',
    cn: '请先绑定通行密钥或身份验证器（我的 › 安全设置）',
    us: 'Please register a passkey or an authenticator app first (My page › Security)',
  },
  'security.noFactor': {
    jp: 'パスキーも認証アプリも登録されていません',
    cn: '尚未绑定通行密钥或身份验证器',
    us: 'No passkey or authenticator app is registered',
  },
  'security.lastFactor': {
    jp: '登録が必須のため、最後の認証手段は削除できません',
    cn: '平台要求绑定验证方式，无法删除最后一个',
    us: 'Enrolment is required, so the last factor cannot be removed',
  },
  'security.sessionNotFound': {
    jp: 'このデバイスのログインは見つかりません',
    cn: '未找到该设备的登录',
    us: 'No such signed-in device',
  },
  'location.loopback': {
    jp: 'このサーバー自身（ループバック）',
    cn: '本机（回环地址）',
    us: 'This server itself (loopback)',
  },
  'location.local': {
    jp: 'ローカルネットワーク',
    cn: '局域网',
    us: 'Local network',
  },
  'location.unknown': {
    jp: 'インターネット（地域は判定していません）',
    cn: '互联网（未判定地区）',
    us: 'Internet (region not determined)',
  },
  'device.unknown': { jp: '不明なデバイス', cn: '未知设备', us: 'Unknown device' },
  'ok.passkeyAdded': { jp: 'パスキーを登録しました', cn: '通行密钥已绑定', us: 'Passkey registered' },
  'ok.totpEnabled': {
    jp: '認証アプリを有効にしました',
    cn: '身份验证器已启用',
    us: 'Authenticator app turned on',
  },
  'ok.confirmed': { jp: '確認しました', cn: '验证成功', us: 'Confirmed' },
  'ok.signedOutDevice': {
    jp: 'このデバイスをログアウトしました',
    cn: '已退出该设备',
    us: 'That device is signed out',
  },
} satisfies Catalogue;
