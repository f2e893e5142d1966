import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

export const BODY_LIMIT = 64 * 1024;
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

/** Bodies besides JSON: forms (the family's clients post them) and multipart uploads (one file). */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10, fieldSize: 1024 },
  });
  // Calls without a body (e.g. /common/config) validate as an empty object.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
}
