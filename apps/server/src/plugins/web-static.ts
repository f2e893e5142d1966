import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite writes content-hashed file names under `assets/`: a new build gives new names. */
const HASHED_DIR = `${sep}assets${sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, logo.svg) is revalidated on every use, against its ETag. */
export const REVALIDATE = 'no-cache';

/**
 * Serves a built app from `root` under `prefix`:
 * - the `.br` / `.gz` copy written at build (scripts/precompress.mjs) when Accept-Encoding allows it,
 *   with `Vary: Accept-Encoding`, and the plain file otherwise;
 * - hashed assets cached for a year as immutable, other files revalidated.
 * Files are looked up per request (wildcard), so a rebuild while the server runs is served at once.
 */
export async function serveBuiltApp(
  app: FastifyInstance,
  root: string,
  prefix: string,
  decorateReply: boolean,
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes(HASHED_DIR) ? IMMUTABLE : REVALIDATE);
    },
  });
}
