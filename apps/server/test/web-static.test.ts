import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestDb } from '@kabuto/db/testing';
import { ManualClock } from '@kabuto/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config.ts';
import { T0 } from './support/app.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A built app as Vite lays it out, compressed by the build step the web and admin builds run. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'kabuto-dist-'));
  mkdirSync(join(dist, 'assets'));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
  writeFileSync(join(dist, 'assets', 'index-Bx12abCD.js'), script);
  writeFileSync(join(dist, 'assets', 'tiny-Zz9.js'), 'export const a = 1;\n');
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>Kabuto</title></head><body>${'<div></div>'.repeat(200)}</body></html>`,
  );
  execFileSync(process.execPath, [join(ROOT, 'scripts/precompress.mjs'), dist], { stdio: 'pipe' });
  return dist;
}

describe('built apps: pre-compressed and cached by kind', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let web: string;
  let admin: string;
  let script: string;

  beforeAll(async () => {
    web = fakeBuild();
    admin = fakeBuild();
    script = readFileSync(join(web, 'assets', 'index-Bx12abCD.js'), 'utf8');
    const handle = await createTestDb('pglite');
    const env = loadEnv({ LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' });
    app = await buildApp({ db: handle.db, clock: new ManualClock(T0), env, webDist: web, adminDist: admin });
    await app.ready();
    close = async () => {
      await app.close();
      await handle.close();
    };
  });
  afterAll(async () => {
    await close?.();
    rmSync(web, { recursive: true, force: true });
    rmSync(admin, { recursive: true, force: true });
  });

  it('the build step writes .br and .gz beside text files worth compressing, and skips tiny ones', () => {
    expect(existsSync(join(web, 'assets', 'index-Bx12abCD.js.br'))).toBe(true);
    expect(existsSync(join(web, 'assets', 'index-Bx12abCD.js.gz'))).toBe(true);
    expect(existsSync(join(web, 'index.html.br'))).toBe(true);
    expect(existsSync(join(web, 'assets', 'tiny-Zz9.js.br'))).toBe(false);
  });

  it('sends Brotli when accepted, else gzip, else the plain file; always Vary: Accept-Encoding', async () => {
    const url = '/assets/index-Bx12abCD.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    // no compressed copy: the plain file, whatever is accepted
    const tiny = await app.inject({ url: '/assets/tiny-Zz9.js', headers: { 'accept-encoding': 'br' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const a = 1;\n');
  });

  it('hashed assets are immutable for a year; index.html is revalidated', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const asset = await app.inject({
        url: '/assets/index-Bx12abCD.js',
        headers: { 'accept-encoding': enc },
      });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await app.inject({ url: '/', headers: { 'accept-encoding': enc } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.etag ?? page.headers['last-modified']).toBeTruthy();
    }
    const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toContain('<title>Kabuto</title>');
    const named = await app.inject({ url: '/index.html' });
    expect(named.headers['cache-control']).toBe('no-cache');
  });

  it('the back office is served the same way under /admin/', async () => {
    const asset = await app.inject({
      url: '/admin/assets/index-Bx12abCD.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // /admin and /admin/ redirect here (the router ignores trailing slashes)
    const page = await app.inject({ url: '/admin/index.html', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('the API is not affected', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.json().status).toBe('ok');
    // one version: the root package.json's, which the web build shows on the splash and the menu
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(res.json().version).toBe(pkg.version);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
