import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, id, paging, strictBody, text } from '../fields.ts';
import { SUPPORT_BODY_MAX, SUPPORT_BODY_MIN } from './support-limits.ts';

/**
 * Kabuto extension: in-app support. A user writes to support (rate limited); operators read and reply in
 * the back office; the reply reaches the user as a site message, stamped with the server clock.
 */
const tag = 'support';
const adminTag = 'admin';

const messageBody = () =>
  text(SUPPORT_BODY_MAX).refine((s) => [...s].length >= SUPPORT_BODY_MIN, {
    error: 'support.tooShort',
    abort: true,
  });

const hours = z.object({
  open: z.string().describe('HH:MM, Japan time'),
  close: z.string().describe('HH:MM, Japan time'),
  weekdays_only: z.boolean(),
  open_now: z.boolean().describe('by the server clock'),
});

const userMessage = z.object({
  id: z.string(),
  body: z.string(),
  status: z.enum(['open', 'replied']),
  reply: z.string().describe('"" until replied'),
  create_time: z.number(),
  reply_time: z.number().nullable(),
});

export const info = endpoint({
  path: '/user/support_info',
  auth: true,
  tag,
  summary: 'Kabuto extension. Support hours and the user’s own messages with their replies, newest first.',
  body: body({ ...paging() }),
  data: z.object({ hours, list: z.array(userMessage) }),
});

export const send = endpoint({
  path: '/user/support_send',
  auth: true,
  tag,
  summary: `Kabuto extension. Write to support (${SUPPORT_BODY_MIN}–${SUPPORT_BODY_MAX} characters; a few per hour). The reply arrives as a site message.`,
  body: body({ body: messageBody() }),
  data: z.object({ id: z.string() }),
});

// ---- back office (POST /api/admin<path>)

const adminRow = userMessage.extend({
  user_id: z.string(),
  account: z.string(),
  replied_by: z.string().describe('the operator’s name, "" until replied'),
});

export const adminList = endpoint({
  path: '/support/list',
  auth: true,
  tag: adminTag,
  summary: 'Support inbox: users’ messages, open first.',
  body: strictBody({
    status: z.enum(['open', 'replied', 'all'], { error: 'validation.invalid' }).default('open'),
    page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
    size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(200).default(20),
  }),
  data: z.object({ list: z.array(adminRow), total: z.number(), open: z.number() }),
});

export const adminReply = endpoint({
  path: '/support/reply',
  auth: true,
  tag: adminTag,
  summary: 'Reply to one message (once): the user gets it as a site message. Audited.',
  body: strictBody({ id: id(), body: text(SUPPORT_BODY_MAX) }),
  data: z.null(),
});
