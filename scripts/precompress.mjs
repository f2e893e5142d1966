#!/usr/bin/env node
/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a built app, at the
 * strongest levels, once at build time. The server (`@fastify/static` with `preCompressed`) sends the copy
 * the request's Accept-Encoding allows, and the plain file otherwise.
 *
 *   node scripts/precompress.mjs <distDir> [...]       (run by the web and admin `npm run build`)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images and fonts of the app (png, woff2) are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.ico',
]);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: precompress.mjs <distDir> [...]');
  process.exit(2);
}
for (const dir of dirs.map((d) => resolve(d))) {
  let count = 0;
  let plain = 0;
  let br = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    // A copy that is not smaller is left out, so the plain file is sent.
    if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
    count++;
    plain += body.length;
    br += Math.min(brotli.length, body.length);
  }
  console.log(
    `precompress: ${dir}: ${count} files, ${(plain / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
  );
}
