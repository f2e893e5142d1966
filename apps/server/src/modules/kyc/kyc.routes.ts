import { API_BASE, adminApi, fundsApi } from '@kabuto/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { readUpload, storeUpload, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '../../shared/uploads.ts';
import type { KycService } from './kyc.service.ts';
import { kycInput } from './kyc.wire.ts';

/** Limits per login token (the limiter runs before authentication; a made-up token gets 401 anyway). */
const perSession = (req: FastifyRequest) => {
  const token = req.headers.token;
  return typeof token === 'string' ? `t${token.slice(0, 128)}` : req.ip;
};

const sendImage = (reply: FastifyReply, file: { bytes: Buffer; contentType: string }) =>
  reply
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .type(file.contentType)
    .send(file.bytes);

export function kycRoutes(
  kit: RouteKit,
  adminKit: AdminRouteKit,
  deps: Deps,
  kyc: KycService,
  raw: { app: FastifyInstance; authenticate: preHandlerHookHandler },
): void {
  const { db, env, clock } = deps;

  kit.post(
    fundsApi.upload1,
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
      return ok(await storeUpload(db, env, user.id, bytes, new Date(clock.now())), 'ok.uploaded');
    },
    { rateLimit: { max: env.RATE_LIMIT_MONEY, timeWindow: '1 minute', keyGenerator: perSession } },
  );

  // The owner reads their own upload back (any other user's name is "not found").
  raw.app.get(
    `${API_BASE}${fundsApi.uploadFile.path}`,
    {
      schema: { summary: 'An upload of the logged-in user (token header).', tags: ['kyc'] },
      preHandler: raw.authenticate,
    },
    async (req, reply) => {
      const name = (req.params as { name?: string }).name ?? '';
      return sendImage(reply, await readUpload(db, env, name, currentUser(req).id));
    },
  );

  kit.post(fundsApi.shiming, async (req) => {
    await kyc.submit(currentUser(req).id, kycInput(req.body));
    return ok(null, 'ok.submitted');
  });

  // ---- back office
  adminKit.getRaw(adminApi.upload.path, 'reviewer', async (req, reply) => {
    const name = (req.params as { name?: string }).name ?? '';
    return sendImage(reply, await readUpload(db, env, name));
  });

  adminKit.post(adminApi.kycList, 'reviewer', async (req, op) =>
    ok(await kyc.list(req.body, (name) => adminKit.signedPath(op, `/uploads/${name}`))),
  );
  adminKit.post(adminApi.kycDecide, 'reviewer', async (req, op) => {
    await kyc.decide(op, req.body);
    return ok(null, 'ok.decided');
  });
}
