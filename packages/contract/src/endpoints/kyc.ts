import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { accepted, body, halfWidth, text } from '../fields.ts';
import { uploadPath } from './uploads.ts';

/** Identity verification (KYC): the user's submission; operators decide it in the back office. */

export const submit = endpoint({
  path: '/user/shiming',
  auth: true,
  tag: 'kyc',
  summary:
    'Submit identity verification: name, ID number, front and back images (paths from /common/upload1), privacy notice accepted. Refused when already verified or under review; allowed again after a rejection.',
  body: body({
    realname: text(50).describe('full name as on the ID'),
    id_card: halfWidth(30).describe('ID number'),
    frontcard: uploadPath().describe('front image path'),
    backcard: uploadPath().describe('back image path'),
    privacy: accepted('kyc.privacyRequired')
      .optional()
      .describe(
        'privacy notice accepted: 1 / true / on (the app requires the tick; older clients may omit it)',
      ),
  }),
  data: z.null(),
});
