import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body } from '../fields.ts';

/** Uploads: the images a user sends (identity documents, transfer proofs) and the owner's copy of one. */

/** A path returned by /common/upload1 (`uploads/<name>`). */
export const uploadPath = (
  missing: 'deposit.proofRequired' | 'validation.required' = 'validation.required',
) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? missing : 'validation.invalid') })
    .trim()
    .min(1, missing)
    .max(200, 'validation.tooLong')
    .describe('path returned by /common/upload1');

/** Multipart upload: one image in field `card` (JPEG, PNG or WebP by its bytes, ≤ 10 MB). */
export const image = endpoint({
  path: '/common/upload1',
  auth: true,
  tag: 'kyc',
  summary:
    'Upload an image (multipart/form-data, field `card`): JPEG, PNG or WebP (checked by its bytes), at most 10 MB. `data` is its relative path (`uploads/<name>`, what /user/shiming and /user/chongzhi take); the reply also carries `url`, a signed URL that shows it in a plain <img> without headers for 15 minutes (GET, HMAC over path, session holder and expiry; altered or expired → 401). The bare path serves only its owner (token header) and operators.',
  body: body({}),
  data: z.string().describe('relative path, e.g. uploads/3f…9a.jpg'),
});

/**
 * The owner's copy of an upload: GET /api/vue/uploads/:name with the `token` header, or the signed URL
 * (`?s=&e=&sig=`) a reply gave, without headers.
 */
export const file = { path: '/uploads/:name', method: 'GET' } as const;
