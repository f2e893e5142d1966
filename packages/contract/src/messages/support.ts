import type { Catalogue } from './types.ts';

/** In-app support: the user's message, the back office's reply. */
export const support = {
  'support.tooShort': {
    jp: 'お問い合わせ内容をもう少し詳しくご記入ください',
    cn: '请更详细地填写咨询内容',
    us: 'Please describe your question in a little more detail',
  },
  'support.tooMany': {
    jp: '送信が多すぎます。しばらくしてから再度お送りください',
    cn: '发送过于频繁，请稍后再试',
    us: 'Too many messages. Please try again a little later',
    family: '提交过于频繁',
  },
  'support.notFound': {
    jp: 'お問い合わせが見つかりません',
    cn: '咨询不存在',
    us: 'Message not found',
  },
  'support.alreadyReplied': {
    jp: 'このお問い合わせには回答済みです',
    cn: '该咨询已回复',
    us: 'This message has already been answered',
  },
  'ok.supportSent': {
    jp: 'お問い合わせを送信しました。回答はお知らせに届きます',
    cn: '已发送咨询，回复将以站内信送达',
    us: 'Sent. The answer will arrive in your messages',
  },
  'ok.replied': { jp: '回答しました', cn: '已回复', us: 'Replied' },
} satisfies Catalogue;
