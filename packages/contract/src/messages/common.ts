import type { Catalogue } from './types.ts';

/** Transport, validation and generic outcomes. */
export const common = {
  'validation.required': { jp: '{field}を入力してください', cn: '请填写{field}', us: 'Please enter {field}' },
  'validation.invalid': {
    jp: '{field}の形式が正しくありません',
    cn: '{field}格式不正确',
    us: '{field} is not valid',
  },
  'validation.tooLong': { jp: '{field}が長すぎます', cn: '{field}过长', us: '{field} is too long' },
  'validation.unknownField': {
    jp: '不明な項目が含まれています: {field}',
    cn: '包含未知字段：{field}',
    us: 'Unknown field: {field}',
  },
  'validation.halfWidth': {
    jp: '{field}は半角で入力してください',
    cn: '{field}请使用半角字符',
    us: '{field} must use half-width characters',
  },
  'validation.amount': {
    jp: '正しい金額を入力してください',
    cn: '请输入正确的金额',
    us: 'Please enter a valid amount',
  },
  'validation.badCharacters': {
    jp: '{field}に使用できない文字が含まれています',
    cn: '{field}包含无法使用的字符',
    us: '{field} contains characters that cannot be used',
  },
  'validation.amountTooLarge': {
    jp: '{field}が上限を超えています',
    cn: '{field}超出上限',
    us: '{field} is over the maximum',
  },
  'validation.positiveInteger': {
    jp: '正の整数を入力してください',
    cn: '请输入正整数',
    us: 'Please enter a positive whole number',
  },
  'request.tooLarge': { jp: 'データが大きすぎます', cn: '提交的数据过大', us: 'The request is too large' },
  'request.notFound': { jp: 'ページが見つかりません', cn: '页面不存在', us: 'Not found' },
  'request.badFormat': {
    jp: 'リクエストの形式が正しくありません',
    cn: '请求格式错误',
    us: 'Malformed request',
  },
  'request.rateLimited': {
    jp: '操作が多すぎます。しばらくしてから再度お試しください',
    cn: '操作过于频繁，请稍后再试',
    us: 'Too many requests. Please try again shortly',
    family: '提交过于频繁',
  },
  'operation.tooFrequent': {
    jp: '送信が頻繁すぎます',
    cn: '提交过于频繁',
    us: 'Submitted too frequently',
    family: '提交过于频繁',
  },
  'operation.inProgress': {
    jp: '他の資金操作を処理中です',
    cn: '有其他资金操作正在处理中',
    us: 'Another fund operation is in progress',
    family: '当前用户有其他资金操作',
  },
  'server.error': {
    jp: 'システムエラーが発生しました。しばらくしてから再度お試しください',
    cn: '系统错误，请稍后再试',
    us: 'Something went wrong. Please try again later',
    family: '系统繁忙, 稍后再试',
  },
  'network.error': { jp: 'ネットワークエラー', cn: '网络错误', us: 'Network error' },
  'content.kefuMissing': {
    jp: 'カスタマーサービスのリンクを取得できません',
    cn: '未获取到客服链接',
    us: 'Customer service link not available',
  },
  'content.notFound': { jp: '内容が見つかりません', cn: '内容不存在', us: 'Content not found' },
  'upload.failed': {
    jp: 'アップロードに失敗しました',
    cn: '上传失败',
    us: 'Upload failed',
    family: '上传失败',
  },
  'upload.badType': {
    jp: 'JPEG・PNG・WebP の画像のみアップロードできます',
    cn: '仅支持 JPEG、PNG、WebP 图片',
    us: 'Only JPEG, PNG or WebP images can be uploaded',
  },
  'upload.quotaExceeded': {
    jp: 'アップロードできる容量（{max}MB）を超えています',
    cn: '已超出可上传的容量（{max}MB）',
    us: 'Your uploads would exceed their {max} MB allowance',
  },
  'upload.tooManyPixels': {
    jp: '画像が大きすぎます（一辺{side}ピクセル・{megapixels}メガピクセルまで）',
    cn: '图片尺寸过大（每边不超过{side}像素，总计不超过{megapixels}百万像素）',
    us: 'The image is too large (at most {side} pixels a side and {megapixels} megapixels)',
  },
  'upload.tooLarge': {
    jp: '画像は{max}MB以下にしてください',
    cn: '图片不能超过{max}MB',
    us: 'Images must be {max} MB or smaller',
  },
  'admin.forbidden': {
    jp: 'この操作を行う権限がありません',
    cn: '无权执行此操作',
    us: 'You are not allowed to do this',
  },
  'admin.reasonRequired': {
    jp: '却下の理由を入力してください',
    cn: '请填写驳回原因',
    us: 'Please give a reason for rejecting',
  },
  'admin.unknownSetting': { jp: '設定項目が存在しません', cn: '配置项不存在', us: 'Unknown setting' },
  'admin.invalidSetting': {
    jp: '設定値の形式が正しくありません',
    cn: '配置值格式不正确',
    us: 'The value does not fit this setting',
  },
  'admin.leverageAboveLegalCap': {
    jp: '{market}の法定上限（{cap}倍）を超えるレバレッジは設定できません',
    cn: '不能设置超过{market}法定上限（{cap}倍）的杠杆倍数',
    us: 'A leverage above the legal maximum of {market} ({cap}×) cannot be set',
  },
  'request.badIdempotencyKey': {
    jp: 'Idempotency-Key ヘッダーの形式が正しくありません',
    cn: 'Idempotency-Key 请求头格式不正确',
    us: 'The Idempotency-Key header is not valid',
  },
  'admin.disabled': {
    jp: 'このオペレーターアカウントは無効です',
    cn: '该操作员账户已停用',
    us: 'This operator account is disabled',
  },
  'admin.operatorExists': {
    jp: 'このユーザー名は既に使われています',
    cn: '该用户名已存在',
    us: 'This username is already taken',
  },
  'admin.operatorNotFound': {
    jp: 'オペレーターが見つかりません',
    cn: '操作员不存在',
    us: 'Operator not found',
  },
  'admin.passwordRequired': {
    jp: 'パスワードは10〜64文字で入力してください',
    cn: '密码须为10至64位',
    us: 'The password must be 10–64 characters',
  },
  'admin.selfChange': {
    jp: '自分自身の権限の変更や無効化はできません',
    cn: '不能修改或停用自己的权限',
    us: 'You cannot demote or disable yourself',
  },
  'ok.uploaded': { jp: 'アップロードしました', cn: '上传成功', us: 'Uploaded', family: '上传成功' },
  'ok.submitted': { jp: '送信しました', cn: '提交成功', us: 'Submitted', family: '提交成功' },
  'ok.changed': { jp: '変更しました', cn: '修改成功', us: 'Changed', family: '修改成功' },
  'ok.added': { jp: '追加しました', cn: '添加成功', us: 'Added', family: '添加成功' },
  'ok.deleted': { jp: '削除しました', cn: '删除成功', us: 'Deleted', family: '删除成功' },
} satisfies Catalogue;
