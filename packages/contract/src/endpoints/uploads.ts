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
    .describe('path returned by /common/upload1 (with or without its signature; also uploads/<name>)');

/** Multipart upload: one image in field `card` (JPEG, PNG or WebP by its bytes, ≤ 10 MB). */
export const image = endpoint({
  path: '/common/upload1',
  auth: true,
  tag: 'kyc',
  summary:
    'Upload an image (multipart/form-data, field `card`): JPEG, PNG or WebP (checked by its bytes), at most 10 MB. `data` is its path with a leading / and a signature (`/api/vue/uploads/<name>?s=…&e=…&sig=…`), which shows it in a plain <img> without headers for 15 minutes (GET, HMAC over path, session holder and expiry; altered or expired → 401) and which /user/shiming and /user/chongzhi take back as it is (or without its signature, or as `uploads/<name>`); `url` is the same path. The bare path serves only its owner (token header) and operators.',
  body: body({}),
  data: z
    .string()
    .describe(
      'the image path with a leading / and a short-lived signature (/api/vue/uploads/3f…9a.jpg?s=…&e=…&sig=…): shown by origin + data, sent back as it is',
    ),
});

/**
 * The owner's copy of an upload: GET /api/vue/uploads/:name with the `token` header, or the signed URL
 * (`?s=&e=&sig=`) a reply gave, without headers.
 */
export const file = { path: '/uploads/:name', method: 'GET' } as const;
