import { API_BASE, adminApi, kycApi, uploadsApi } from '@kabuto/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError, refuse, UnauthorizedError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { readSignedQuery, signatureMatches } from '../../lib/signed-url.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { type authenticator, currentUser, sessionOfSignedUrl } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import {
  readUpload,
  signedUploadUrl,
  storeUpload,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  UPLOAD_PREFIX,
  userUrlHolder,
} from '../../shared/uploads.ts';
import type { KycService } from './kyc.service.ts';
import { kycInput } from './kyc.wire.ts';

/** Limits per login token (the limiter runs before authentication; a made-up token gets 401 anyway). */
/** Uploads are limited per user (after authentication), whatever token or address they come with. */
const perUser = (req: FastifyRequest) => `upload:u${currentUser(req).id}`;

const sendImage = (reply: FastifyReply, file: { bytes: Buffer; contentType: string }) =>
  reply
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .type(file.contentType)
    .send(file.bytes);

export function kycRoutes(
  kit: RouteKit,
  deps: Deps,
  kyc: KycService,
  raw: { app: FastifyInstance; authenticate: ReturnType<typeof authenticator> },
): void {
  const { db, env, clock, files } = deps;

  kit.post(
    uploadsApi.image,
    async (req) => {
      const user = currentUser(req);
      if (!req.isMultipart()) return refuse('upload.failed');
      let part: Awaited<ReturnType<typeof req.file>>;
      try {
        part = await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      } catch {
        return refuse('upload.failed');
      }
      if (!part) return refuse('validation.required', { field: 'card' });
      if (part.fieldname !== 'card') {
        part.file.resume();
        return refuse('validation.required', { field: 'card' });
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('upload.tooLarge', { max: UPLOAD_MAX_MB }, 413);
        }
        return refuse('upload.failed');
      }
      const path = await storeUpload(db, files, env, user.id, bytes, new Date(clock.now()));
      // `data` is the path with a leading `/` and a short-lived signature, so a client that shows
      // `origin + data` in a plain <img> sees the image; it is accepted back as it is (shiming, chongzhi).
      // `url` is the same path.
      const signed = signedUploadUrl(user, path.slice(UPLOAD_PREFIX.length), clock.now());
      return { ...ok(signed, 'ok.uploaded'), url: signed };
    },
    { rateLimit: { max: env.RATE_LIMIT_MONEY, timeWindow: '1 minute', keyGenerator: perUser } },
  );

  // The owner reads their own upload back, with the token header or through a signed URL (no headers,
  // for <img src>); any other user's name is "not found", a bare path without a token is 401, and an
  // altered or expired signature is 401.
  const signedSession = sessionOfSignedUrl(deps);
  raw.app.get(
    `${API_BASE}${uploadsApi.file.path}`,
    {
      schema: {
        summary:
          'An upload of the logged-in user: with the token header, or as the signed URL (s, e, sig) a reply gave, without headers.',
        tags: ['kyc'],
      },
      preHandler: async (req, reply) => {
        if (req.headers.token !== undefined || (req.query as { sig?: unknown }).sig === undefined) {
          return raw.authenticate(req, reply);
        }
        const signed = readSignedQuery(req.query, clock.now());
        const user = signed ? await signedSession(signed.sessionId) : null;
        const path = req.url.split('?')[0];
        if (!signed || !user || !signatureMatches(signed, path, user.tokenHash, userUrlHolder(user.id))) {
          throw new UnauthorizedError();
        }
        req.user = user;
      },
    },
    async (req, reply) => {
      const name = (req.params as { name?: string }).name ?? '';
      return sendImage(reply, await readUpload(db, files, name, currentUser(req).id));
    },
  );

  kit.post(kycApi.submit, async (req) => {
    await kyc.submit(currentUser(req).id, kycInput(req.body));
    return ok(null, 'ok.submitted');
  });
}

/** The back office: an upload by name, the KYC queue and its decision. */
export function kycAdminRoutes(adminKit: AdminRouteKit, { db, files }: Deps, kyc: KycService): void {
  adminKit.getRaw(adminApi.upload.path, 'reviewer', async (req, reply) => {
    const name = (req.params as { name?: string }).name ?? '';
    return sendImage(reply, await readUpload(db, files, name));
  });

  adminKit.post(adminApi.kycList, 'reviewer', async (req, op) =>
    ok(await kyc.list(req.body, (name) => adminKit.signedPath(op, `/uploads/${name}`))),
  );
  adminKit.post(adminApi.kycDecide, 'reviewer', async (req, op) => {
    await kyc.decide(op, req.body);
    return ok(null, 'ok.decided');
  });
}
