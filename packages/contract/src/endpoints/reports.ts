import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, halfWidth, id, paging } from '../fields.ts';

/**
 * Kabuto extension: the user's reports (PDF) under My page › Reports. `trade` 取引報告書 (the fills of one
 * JST date, made the day after), `balance` 取引残高報告書 (each quarter, and any past period on demand),
 * `annual` 年間取引報告書 (each tax year, made on 1 January). Made once and kept as made (SHA-256).
 */
const tag = 'account';
export const REPORT_KINDS = ['trade', 'balance', 'annual'] as const;
export type ReportKindWire = (typeof REPORT_KINDS)[number];

/** A real JST calendar date `YYYY-MM-DD`. */
const date = () =>
  halfWidth(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'validation.invalid')
    .describe('JST date YYYY-MM-DD');

const row = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  start: z.string().describe('first JST date of the period'),
  end: z.string().describe('last JST date of the period'),
  size: z.number().describe('bytes of the PDF'),
  sha256: z.string().describe('SHA-256 of the PDF as made (hex)'),
  create_time: z.number().describe('unix seconds'),
});

export const list = endpoint({
  path: '/user/reports',
  auth: true,
  tag,
  summary: 'Kabuto extension. The user’s reports, latest period first, all kinds or one.',
  body: body({
    kind: z.enum(REPORT_KINDS, { error: 'validation.invalid' }).optional().describe('all kinds when absent'),
    ...paging(),
  }),
  data: z.object({ list: z.array(row), total: z.number() }),
});

export const file = endpoint({
  path: '/user/report_file',
  auth: true,
  tag,
  summary:
    'Kabuto extension. One of the user’s reports as a file: the reply is the PDF itself (`application/pdf`, attachment), not the JSON envelope; a refusal is the usual `{status: 0}` (another user’s id: report.notFound).',
  body: body({ id: id() }),
  data: z.string().describe('the PDF bytes (application/pdf)'),
});

export const statement = endpoint({
  path: '/user/report_statement',
  auth: true,
  tag,
  summary:
    'Kabuto extension. Make (once) a statement of balances (取引残高報告書) for a past JST period of at most 366 days, ending yesterday at the latest; the reply is its row (download it with /user/report_file). The same period again answers the report already made.',
  body: body({ start: date(), end: date() }),
  data: row,
});
