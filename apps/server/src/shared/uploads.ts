import { createHash, randomBytes } from 'node:crypto';
import { API_BASE } from '@kabuto/contract';
import { type Db, type Tx, withTx } from '@kabuto/db';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Env } from '../config.ts';
import { AppError, refuse } from '../lib/errors.ts';
import { signedUrl } from '../lib/signed-url.ts';
import type { FileStore } from './files.ts';

/**
 * Uploaded images (ID photos, transfer proofs): recognised by their bytes, then decoded and encoded
 * again (sharp), so that what is stored is only the picture: no EXIF or GPS of an ID photo, nothing
 * appended or hidden in it (an HTML or SVG polyglot does not survive). Stored under random names in the
 * shared, encrypted file store (shared/files.ts), recorded with their owner, within a quota per user
 * (UPLOAD_QUOTA_MB). Only the owner and operators read them.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);
export const UPLOAD_PREFIX = 'uploads/';
export const UPLOAD_NAME_RE = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
const EXT: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const CONTENT_TYPE_OF_EXT: Record<string, ImageType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** What the bytes are, by their magic numbers (never by the name or the declared type). */
export function sniffImage(b: Buffer): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/**
 * Decompression bombs: a PNG of a few hundred KB can declare 50,000,000×1 or 20,000×20,000 pixels, and
 * decoding one took gigabytes. So an image's size is read from its header first (sharp's metadata reads
 * the header, it decodes nothing) and refused past `maxSide` on either side or `maxPixels` in all; the
 * decode itself is capped by sharp's `limitInputPixels` too; and at most `decodesAtOnce` images are decoded
 * at a time (the others wait their turn), so all uploads together hold at most about decodesAtOnce ×
 * maxPixels × 4 bytes of pixels (≈ 320 MB) whatever arrives. `budgetMb` is the process's peak the upload
 * test allows while it is fed the bombs.
 */
export const IMAGE_LIMITS = {
  maxSide: 10_000,
  maxPixels: 40_000_000,
  decodesAtOnce: 2,
  budgetMb: 400,
} as const;

let decoding = 0;
const waitingToDecode: (() => void)[] = [];

/** Runs `fn` when fewer than `decodesAtOnce` decodes are running (a first-come queue). */
async function inDecodeSlot<T>(fn: () => Promise<T>): Promise<T> {
  while (decoding >= IMAGE_LIMITS.decodesAtOnce) await new Promise<void>((r) => waitingToDecode.push(r));
  decoding++;
  try {
    return await fn();
  } finally {
    decoding--;
    waitingToDecode.shift()?.();
  }
}

/** Whether the header's size is within the limits; null when there is no readable header. */
async function headerFits(bytes: Buffer): Promise<boolean | null> {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!width || !height) return null;
    return (
      width <= IMAGE_LIMITS.maxSide &&
      height <= IMAGE_LIMITS.maxSide &&
      width * height <= IMAGE_LIMITS.maxPixels
    );
  } catch {
    return null;
  }
}

/**
 * An upload's bytes checked and cleaned, before anything is stored: a real JPEG, PNG or WebP within the
 * size limits, decoded (in its turn) and encoded again. Refuses with the reason otherwise.
 */
export async function cleanUpload(bytes: Buffer): Promise<{ type: ImageType; clean: Buffer }> {
  if (bytes.length === 0) refuse('upload.failed');
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('upload.tooLarge', { max: UPLOAD_MAX_MB }, 413);
  const type = sniffImage(bytes);
  if (!type) return refuse('upload.badType');
  const fits = await headerFits(bytes);
  if (fits === null) return refuse('upload.badType');
  if (!fits) {
    return refuse('upload.tooManyPixels', {
      side: IMAGE_LIMITS.maxSide,
      megapixels: IMAGE_LIMITS.maxPixels / 1_000_000,
    });
  }
  const clean = await inDecodeSlot(() => reencodeImage(bytes, type));
  if (!clean) return refuse('upload.badType');
  return { type, clean };
}

/**
 * The picture of `bytes` encoded again in its own format, upright (EXIF orientation applied), without
 * any metadata; null when the bytes do not decode as that image (or hold more than the pixel limit).
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, {
      failOn: 'error',
      limitInputPixels: IMAGE_LIMITS.maxPixels,
      animated: false,
    }).rotate();
    if (type === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    if (type === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    return await image.webp({ quality: 90 }).toBuffer();
  } catch {
    return null;
  }
}

/** Store an image for its owner; returns the relative path the client sends back (`uploads/<name>`). */
export async function storeUpload(
  db: Db,
  files: FileStore,
  env: Env,
  ownerId: bigint,
  bytes: Buffer,
  now: Date,
): Promise<string> {
  const { type, clean } = await cleanUpload(bytes);
  const name = `${randomBytes(16).toString('hex')}.${EXT[type]}`;
  const quota = env.UPLOAD_QUOTA_MB * 1024 * 1024;
  let stored = false;
  try {
    await withTx(db, async (tx) => {
      // One upload of a user at a time past this point, so that two cannot both fit the same room.
      await tx.selectFrom('app_user').select('id').where('id', '=', ownerId).forUpdate().execute();
      const used = await tx
        .selectFrom('upload')
        .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
        .where('owner_id', '=', ownerId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(used.bytes) + clean.length > quota) {
        throw new AppError('upload.quotaExceeded', { max: env.UPLOAD_QUOTA_MB });
      }
      await tx
        .insertInto('upload')
        .values({
          name,
          owner_id: ownerId,
          content_type: type,
          size: clean.length,
          sha256: createHash('sha256').update(clean).digest('hex'),
          created_at: now,
        })
        .execute();
      // the database store writes in this transaction; another store writes before the commit
      stored = true;
      await files.put(name, clean, tx);
    });
  } catch (err) {
    if (stored && files.kind !== 'database') await files.delete(name).catch(() => undefined);
    throw err;
  }
  return `${UPLOAD_PREFIX}${name}`;
}

/**
 * An upload's path as a client sends it back → its name: the signed path an upload returns
 * (`/api/vue/uploads/<name>?s=…&e=…&sig=…`, with or without its signature), `uploads/<name>`,
 * `/uploads/<name>` or a bare name; anything else → null. The signature is not checked here: the name
 * must still be one of the caller's own uploads.
 */
export function uploadName(path: string): string | null {
  const name = path
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/^(?:\/+[\w-]+)*?\/*uploads\//, '');
  return UPLOAD_NAME_RE.test(name) ? name : null;
}

/** The upload a user refers to, if it is theirs; another user's (or an unknown) path → upload.notFound. */
export async function ownedUpload(q: Db | Tx, userId: bigint, path: string): Promise<string> {
  const name = uploadName(path);
  if (!name) return refuse('upload.notFound');
  const row = await q
    .selectFrom('upload')
    .select('name')
    .where('name', '=', name)
    .where('owner_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return refuse('upload.notFound');
  return row.name;
}

/** The bytes of a stored upload (the caller has checked who may read it). */
export async function readUpload(
  db: Db,
  files: FileStore,
  name: string,
  ownerId?: bigint,
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!UPLOAD_NAME_RE.test(name)) throw new AppError('request.notFound', undefined, 404);
  let q = db
    .selectFrom('upload')
    .select(['name', 'content_type'])
    .where('name', '=', name)
    .where('deleted_at', 'is', null);
  if (ownerId !== undefined) q = q.where('owner_id', '=', ownerId);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('request.notFound', undefined, 404);
  const bytes = await files.get(row.name);
  if (!bytes) throw new AppError('request.notFound', undefined, 404);
  return { bytes, contentType: row.content_type };
}

/** How long a user's signed image URL works: long enough to show a screen, short enough to leak little. */
export const USER_IMAGE_URL_TTL_S = 15 * 60;

/** The holder named in a user URL's signature. */
export const userUrlHolder = (userId: bigint) => `user:${userId}`;

/** The owner's path of an upload (works with the `token` header only). */
export const userUploadPath = (name: string) => `${API_BASE}/uploads/${name}`;

/**
 * A signed URL of one of the user's uploads that works without headers for {@link USER_IMAGE_URL_TTL_S}
 * (and while the session lives): what every reply naming an image carries.
 */
export const signedUploadUrl = (
  user: { id: bigint; sessionId: bigint; tokenHash: string },
  name: string,
  nowMs: number,
): string =>
  signedUrl(
    userUploadPath(name),
    { sessionId: user.sessionId, key: user.tokenHash, holder: userUrlHolder(user.id) },
    nowMs,
    USER_IMAGE_URL_TTL_S,
  );

/** Public-facing URL of an upload for operators (the admin route; signed when the kit gives a signer). */
export const adminUploadPath = (name: string) => `/api/admin/uploads/${name}`;

/**
 * The uploads' retention rule (run by the leader's jobs): the images of a rejected identity submission
 * are deleted KYC_REJECTED_IMAGE_DAYS after the rejection, unless a pending or approved submission or a
 * deposit names them too; an upload nothing names is deleted UNUSED_UPLOAD_HOURS after it came. The
 * bytes go; the `upload` row stays with its `deleted_at`, so the submission's history still says which
 * file it was (its size and SHA-256). The images of an approved or pending submission are kept.
 */
export async function purgeUploads(
  db: Db,
  files: FileStore,
  env: Env,
  now: Date,
): Promise<{ deleted: number }> {
  const rejectedBefore = new Date(now.getTime() - env.KYC_REJECTED_IMAGE_DAYS * 86_400_000);
  const unusedBefore = new Date(now.getTime() - env.UNUSED_UPLOAD_HOURS * 3_600_000);
  const named = (kinds: 'kept' | 'any') => sql<boolean>`(
    exists (select 1 from kyc_submission k
            where (k.front_upload = upload.name or k.back_upload = upload.name)
              ${kinds === 'kept' ? sql`and k.status <> 'rejected'` : sql``})
    or exists (select 1 from deposit d where d.proof_upload = upload.name))`;
  const due = await db
    .selectFrom('upload')
    .select('name')
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb.not(named('kept')),
          sql<boolean>`exists (select 1 from kyc_submission k
            where (k.front_upload = upload.name or k.back_upload = upload.name)
              and k.status = 'rejected' and k.decided_at < ${rejectedBefore})`,
        ]),
        eb.and([eb.not(named('any')), eb('created_at', '<', unusedBefore)]),
      ]),
    )
    .orderBy('id')
    .limit(500)
    .execute();
  let deleted = 0;
  for (const { name } of due) {
    const done = await withTx(db, async (tx) => {
      // checked again under the row's lock: a submission made meanwhile keeps it
      const row = await tx
        .selectFrom('upload')
        .select('name')
        .where('name', '=', name)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return false;
      const still = await tx
        .selectFrom('upload')
        .select(named('kept').as('kept'))
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      if (still.kept) return false;
      await tx.updateTable('upload').set({ deleted_at: now }).where('name', '=', name).execute();
      if (files.kind === 'database') await files.delete(name, tx);
      return true;
    });
    if (!done) continue;
    if (files.kind !== 'database') await files.delete(name);
    deleted++;
  }
  return { deleted };
}
