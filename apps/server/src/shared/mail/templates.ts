import type { Language, Text } from '@kabuto/contract';
import { inLanguage } from '@kabuto/contract';
import { fillText, type NoticeParam } from '../notices.ts';

/**
 * The mails that are not site messages, in the three languages; `{name}` placeholders are filled from
 * params. Notices by mail reuse the site message's own template (NOTICE_TEMPLATES) and add FOOTER.
 */
export const MAIL_TEMPLATES = {
  verify: {
    title: { jp: 'メールアドレスの確認', cn: '请验证您的邮箱', us: 'Confirm your email address' },
    content: {
      jp: '{account} 様\n\nKabuto のアカウントにこのメールアドレスが登録されました。次のリンクを24時間以内に開いて確認を完了してください。\n\n{link}\n\nお心当たりがない場合は、このメールを破棄してください。アドレスは登録されません。',
      cn: '{account}，您好：\n\n有人将此邮箱添加到 Kabuto 账户。请在24小时内打开以下链接完成验证。\n\n{link}\n\n如非本人操作，请忽略本邮件，该邮箱不会被登记。',
      us: 'Hello {account},\n\nThis address was added to a Kabuto account. Open this link within 24 hours to confirm it:\n\n{link}\n\nIf this was not you, ignore this mail: the address will not be added.',
    },
  },
  reset: {
    title: { jp: 'パスワード再設定のご案内', cn: '重置密码', us: 'Reset your password' },
    content: {
      jp: '{account} 様\n\nパスワード再設定のお申し込みを受け付けました。次のリンクから新しいパスワードを設定してください。リンクは30分間、1回だけ有効です。\n\n{link}\n\nお心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
      cn: '{account}，您好：\n\n我们收到了重置密码的申请。请通过以下链接设置新密码。链接30分钟内有效，仅可使用一次。\n\n{link}\n\n如非本人操作，请忽略本邮件，您的密码不会改变。',
      us: 'Hello {account},\n\nSomeone asked to reset your password. Set a new one with this link; it works once, for 30 minutes:\n\n{link}\n\nIf this was not you, ignore this mail: your password stays as it is.',
    },
  },
  passwordChanged: {
    title: { jp: 'パスワードが再設定されました', cn: '您的密码已重置', us: 'Your password was reset' },
    content: {
      jp: '{account} 様\n\n{time}（日本時間）にメールのリンクからパスワードが再設定され、すべての端末がログアウトされました。お心当たりがない場合は、ただちにカスタマーサービスへご連絡ください。',
      cn: '{account}，您好：\n\n您的密码已于 {time}（日本时间）通过邮件链接重置，所有设备均已退出登录。如非本人操作，请立即联系客服。',
      us: 'Hello {account},\n\nYour password was reset with a mailed link at {time} (Japan time), and every device was signed out. If this was not you, contact customer service at once.',
    },
  },
} as const satisfies Record<string, { title: Text; content: Text }>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

/** Under every notice by mail: why it came, and where to switch it off. */
export const FOOTER: Text = {
  jp: '――\nこのメールは Kabuto から送信専用アドレスでお送りしています。メールでのお知らせはマイページ › メール設定で変更できます。',
  cn: '——\n本邮件由 Kabuto 自动发送，请勿回复。可在“我的 › 邮件设置”中更改邮件通知。',
  us: '--\nSent by Kabuto from an address that takes no replies. Change which notices come by mail under My page › Email.',
};

/** A template's subject and body in one language, placeholders filled. */
export function render(
  t: { title: Text; content: Text },
  lang: Language,
  params: Record<string, NoticeParam>,
  footer = true,
): { subject: string; body: string } {
  const subject = inLanguage(fillText(t.title, params), lang);
  const content = inLanguage(fillText(t.content, params), lang);
  return { subject, body: footer ? `${content}\n\n${inLanguage(FOOTER, lang)}\n` : `${content}\n` };
}
