/** Outgoing mail: the outbox, its sender, the transports, the templates and notices by mail. */
export { mailNotice } from './notify.ts';
export { type MailKind, type QueuedMail, queueMail } from './outbox.ts';
export { MAIL_MAX_ATTEMPTS, type MailSender, mailSender, retryDelayMs } from './sender.ts';
export { type MailOutbox, mailOutbox } from './setup.ts';
export { MAIL_TEMPLATES, type MailTemplate, render } from './templates.ts';
export { type MailMessage, type MailTransport, mailTransport, publicUrl } from './transport.ts';
