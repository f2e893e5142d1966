import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle, migrateToLatest } from '@kabuto/db';
import { TEST_DB_KINDS } from '@kabuto/db/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config.ts';
import { fileKeys, fileStore, open, parseFileKeys, seal, sealedKeyId } from '../src/shared/files.ts';
import { purgeUploads } from '../src/shared/uploads.ts';
import {
  createTestApp,
  expectOk,
  IMAGES,
  recordReplyMismatch,
  type Session,
  type TestApp,
  uploadImage,
  uploadNameOf,
} from './support/app.ts';

const PG = process.env.DATABASE_URL;
const key = () => randomBytes(32).toString('base64');
const OLD = `k1:${key()}`;
const NEW = `k2:${key()}`;

describe('sealing a file (AES-256-GCM, key id in its header)', () => {
  const plain = IMAGES.png();

  it('opens what it sealed, and the sealed bytes are not the file', () => {
    const keys = parseFileKeys(NEW);
    const sealed = seal(keys, 'a.png', plain);
    expect(sealedKeyId(sealed)).toBe('k2');
    expect(sealed.includes(plain.subarray(0, 16))).toBe(false);
    expect(open(keys, 'a.png', sealed).equals(plain)).toBe(true);
    // two seals of the same file differ (a random nonce each)
    expect(seal(keys, 'a.png', plain).equals(sealed)).toBe(false);
  });

  it('refuses bytes altered, moved under another name, or sealed with a key not listed', () => {
    const keys = parseFileKeys(NEW);
    const sealed = seal(keys, 'a.png', plain);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => open(keys, 'a.png', altered)).toThrow();
    expect(() => open(keys, 'b.png', sealed)).toThrow();
    expect(() => open(parseFileKeys(OLD), 'a.png', sealed)).toThrow(/key "k2"/);
    expect(() => open(keys, 'a.png', plain)).toThrow(/not a sealed file/);
  });

  it('rotates: new files are sealed with the first key, files of the older keys still open', () => {
    const before = seal(parseFileKeys(OLD), 'a.png', plain);
    const rotated = parseFileKeys(`${NEW},${OLD}`);
    expect(open(rotated, 'a.png', before).equals(plain)).toBe(true);
    expect(sealedKeyId(seal(rotated, 'b.png', plain))).toBe('k2');
  });

  it('refuses keys that are not 32 bytes or listed twice; the demo derives one, production has none', () => {
    expect(() => parseFileKeys(`k1:${Buffer.alloc(16).toString('base64')}`)).toThrow(/32 random bytes/);
    expect(() => parseFileKeys(`${OLD},${OLD}`)).toThrow(/twice/);
    expect(fileKeys(loadEnv({})).current.id).toBe('demo');
    expect(() => fileKeys(loadEnv({ KABUTO_MODE: 'production' }))).toThrow(/FILES_KEYS is required/);
  });
});

describe('the demo-only local folder store', () => {
  it('keeps sealed files in UPLOAD_DIR and lists, reads and deletes them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kabuto-files-'));
    try {
      const env = loadEnv({ FILES_STORE: 'local', UPLOAD_DIR: dir, FILES_KEYS: NEW });
      const store = fileStore(null as never, env);
      const plain = IMAGES.webp();
      await store.put('x.webp', plain);
      expect(await store.names()).toEqual(['x.webp']);
      const disk = readFileSync(join(dir, 'x.webp'));
      expect(sealedKeyId(disk)).toBe('k2');
      expect(disk.includes(plain.subarray(0, 12))).toBe(false);
      expect((await store.get('x.webp'))?.equals(plain)).toBe(true);
      await store.delete('x.webp');
      expect(await store.get('x.webp')).toBeNull();
      await expect(store.put('../escape', plain)).rejects.toThrow(/unsafe/);
      // a demo's upload from before the shared store (a plain file) moves into the store when first read
      writeFileSync(join(dir, 'old.webp'), plain);
      const db = await createDb({ dataDir: 'memory://' });
      try {
        await migrateToLatest(db.db);
        const shared = fileStore(db.db, loadEnv({ UPLOAD_DIR: dir, FILES_KEYS: NEW }));
        expect((await shared.get('old.webp'))?.equals(plain)).toBe(true);
        expect(existsSync(join(dir, 'old.webp'))).toBe(false);
        expect(sealedKeyId((await shared.getSealed('old.webp')) ?? Buffer.alloc(0))).toBe('k2');
        expect((await shared.get('old.webp'))?.equals(plain)).toBe(true);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // a database of its own to migrate: slow on a loaded machine
  }, 180_000);
});

/**
 * The S3 store through the real SDK against a small S3-compatible endpoint in this process (objects in a
 * Map; PUT, GET, DELETE and ListObjectsV2 with path-style addressing, as MinIO serves them). It checks the
 * store's calls and what lands in the bucket, not AWS itself.
 */
describe('the S3 store (FILES_STORE=s3)', () => {
  const objects = new Map<string, Buffer>();
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (bucket !== 'kb') {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchBucket</Code></Error>');
        } else if (req.method === 'PUT') {
          objects.set(key, Buffer.concat(chunks));
          res.writeHead(200, { etag: '"e"' }).end();
        } else if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
          const prefix = url.searchParams.get('prefix') ?? '';
          const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
          res
            .writeHead(200, { 'content-type': 'application/xml' })
            .end(
              `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>kb</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)?.length}</Size></Contents>`).join('')}</ListBucketResult>`,
            );
        } else if (req.method === 'GET') {
          const body = objects.get(key);
          if (!body) {
            res
              .writeHead(404, { 'content-type': 'application/xml' })
              .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
          } else {
            res
              .writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length })
              .end(body);
          }
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else {
          res.writeHead(405).end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.AWS_ACCESS_KEY_ID ??= 'test-access-key';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'test-secret-key';
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('puts sealed objects under the prefix, reads, lists and deletes them', async () => {
    const env = loadEnv({
      FILES_STORE: 's3',
      FILES_S3_BUCKET: 'kb',
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_PREFIX: 'kabuto/',
      FILES_KEYS: NEW,
    });
    const store = fileStore(null as never, env);
    const plain = IMAGES.png();
    await store.put('a.png', plain);
    await store.put('b.png', IMAGES.jpeg());
    expect([...objects.keys()].sort()).toEqual(['kabuto/a.png', 'kabuto/b.png']);
    const atRest = objects.get('kabuto/a.png') ?? Buffer.alloc(0);
    expect(sealedKeyId(atRest)).toBe('k2');
    expect(atRest.includes(plain.subarray(0, 8))).toBe(false);
    expect((await store.get('a.png'))?.equals(plain)).toBe(true);
    expect(await store.names()).toEqual(['a.png', 'b.png']);
    expect(await store.get('missing.png')).toBeNull();
    await store.delete('a.png');
    expect(await store.get('a.png')).toBeNull();
    expect(await store.names()).toEqual(['b.png']);
  });
});

describe.each(TEST_DB_KINDS)('uploads in the shared file store on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { FILES_KEYS: `${NEW},${OLD}`, UNUSED_UPLOAD_HOURS: '2' });
  });
  afterAll(async () => t?.close());

  const readBack = (app: FastifyInstance, s: Session, path: string) =>
    app.inject({ method: 'GET', url: `/api/vue/uploads/${uploadNameOf(path)}`, headers: { token: s.token } });
  const atRest = async (name: string) =>
    (await t.db.selectFrom('stored_file').select('bytes').where('name', '=', name).executeTakeFirst())?.bytes;

  it('keeps an upload encrypted in the database, and serves it to its owner decrypted', async () => {
    const u = await t.newUser('fs');
    const path = await uploadImage(t, u, 'png');
    const name = uploadNameOf(path);
    const served = await readBack(t.app, u, path);
    expect(served.statusCode).toBe(200);
    const image = served.rawPayload;
    expect(image.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const stored = Buffer.from((await atRest(name)) ?? Buffer.alloc(0));
    expect(stored.length).toBeGreaterThan(image.length);
    expect(sealedKeyId(stored)).toBe('k2');
    expect(stored.includes(image.subarray(0, 8))).toBe(false);
    expect(stored.includes(image.subarray(16, 48))).toBe(false);
  });

  it('reads a file sealed with a key rotated out of first place', async () => {
    const u = await t.newUser('fr');
    const path = await uploadImage(t, u, 'jpeg');
    const name = uploadNameOf(path);
    const plain = (await readBack(t.app, u, path)).rawPayload;
    // as if written before the rotation, with the old key
    const old = fileStore(t.db, loadEnv({ FILES_KEYS: OLD }));
    await old.put(name, plain);
    expect(sealedKeyId(Buffer.from((await atRest(name)) ?? Buffer.alloc(0)))).toBe('k1');
    const served = await readBack(t.app, u, path);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(plain)).toBe(true);
  });

  it('deletes the images of a rejected submission after KYC_REJECTED_IMAGE_DAYS, keeps the approved ones, and unused uploads after UNUSED_UPLOAD_HOURS', async () => {
    const op = await t.adminLogin();
    const u = await t.newUser('rt');
    const front = await uploadImage(t, u);
    const back = await uploadImage(t, u, 'png');
    const body = {
      realname: '高橋 美咲',
      id_card: '1234-5678-9012',
      frontcard: front,
      backcard: back,
      privacy: 'on',
    };
    expectOk(await t.call('/user/shiming', body, { token: u.token }));
    const pending = async () =>
      expectOk(await t.admin('/kyc/list', { status: 'pending', size: 200 }, op)).list.find(
        (r: { account: string }) => r.account === u.account,
      );
    expectOk(
      await t.admin('/kyc/decide', { id: (await pending()).id, approve: false, reason: '不鮮明' }, op),
    );
    // resubmitted with a new front, the same back: approved
    const front2 = await uploadImage(t, u, 'webp');
    expectOk(await t.call('/user/shiming', { ...body, frontcard: front2 }, { token: u.token }));
    expectOk(await t.admin('/kyc/decide', { id: (await pending()).id, approve: true }, op));
    const stray = await uploadImage(t, u, 'jpeg');

    const files = fileStore(t.db, t.env);
    const run = (msLater: number) => purgeUploads(t.db, files, t.env, new Date(t.clock.now() + msLater));
    const gone = async (path: string) => (await readBack(t.app, u, path)).statusCode === 404;
    const names = [front, back, front2, stray].map((p) => uploadNameOf(p));

    // within both periods nothing goes
    await run(60 * 60_000);
    for (const p of [front, back, front2, stray]) expect(await gone(p)).toBe(false);
    // past UNUSED_UPLOAD_HOURS (2): the upload nothing names goes, the rejected images are still kept
    await run(3 * 60 * 60_000);
    expect(await gone(stray)).toBe(true);
    expect(await atRest(names[3] ?? '')).toBeUndefined();
    for (const p of [front, back, front2]) expect(await gone(p)).toBe(false);
    // past KYC_REJECTED_IMAGE_DAYS (90): the rejected front goes; the back (also in the approved one) stays
    await run(91 * 86_400_000);
    expect(await gone(front)).toBe(true);
    expect(await atRest(names[0] ?? '')).toBeUndefined();
    expect(await gone(back)).toBe(false);
    expect(await gone(front2)).toBe(false);
    const rows = await t.db
      .selectFrom('upload')
      .select(['name', 'deleted_at'])
      .where('name', 'in', names)
      .execute();
    const deleted = new Set(rows.filter((r) => r.deleted_at).map((r) => r.name));
    expect(deleted).toEqual(new Set([names[0], names[3]]));
    // a deleted upload cannot be named again
    const refused = await t.call('/user/shiming', { ...body, frontcard: front }, { token: u.token });
    expect(refused.body.status).toBe(0);
  });
});

/**
 * Two instances of one deployment on one PostgreSQL, each with its own connection pool (as two processes
 * have): what one stores, the other serves.
 */
describe.skipIf(!PG)('an upload through one instance is read through another', () => {
  let a: TestApp;
  let bDb: DbHandle;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp('postgres', { DATABASE_URL: PG ?? '', FILES_KEYS: NEW });
    // instance B: its own pool on A's database (each test handle is a database of its own)
    const name = (await sql<{ d: string }>`select current_database() as d`.execute(a.db)).rows[0]?.d;
    const url = new URL(PG!);
    url.pathname = `/${name}`;
    bDb = await createDb({ url: url.href, poolSize: 4 });
    b = await buildApp({
      db: bDb.db,
      clock: a.clock,
      timers: a.clock,
      env: { ...a.env, UPLOAD_DIR: '/nonexistent-on-this-instance' },
      webDist: null,
      adminDist: null,
      onReplyMismatch: recordReplyMismatch,
    });
    await b.ready();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  it('serves through B the image uploaded through A, to its owner and to an operator', async () => {
    const u = await a.newUser('ab');
    const path = await uploadImage(a, u, 'png');
    const fromA = await a.app.inject({
      method: 'GET',
      url: `/api/vue/uploads/${uploadNameOf(path)}`,
      headers: { token: u.token },
    });
    const fromB = await b.inject({
      method: 'GET',
      url: `/api/vue/uploads/${uploadNameOf(path)}`,
      headers: { token: u.token },
    });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/png');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    // the operator's signed URL made by A opens on B
    const op = await a.adminLogin();
    const front = await uploadImage(a, u, 'jpeg');
    expectOk(
      await a.call(
        '/user/shiming',
        { realname: '高橋 美咲', id_card: '1234-5678-9012', frontcard: front, backcard: path, privacy: 'on' },
        { token: u.token },
      ),
    );
    const row = expectOk(await a.admin('/kyc/list', { status: 'pending', size: 200 }, op)).list.find(
      (r: { account: string }) => r.account === u.account,
    );
    const img = await b.inject({ method: 'GET', url: row.back_url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(fromA.rawPayload)).toBe(true);
    // at rest, in PostgreSQL, the bytes are not the image
    const stored = await sql<{
      bytes: Buffer;
    }>`select bytes from stored_file where name = ${uploadNameOf(path)}`.execute(bDb.db);
    const bytes = Buffer.from(stored.rows[0]?.bytes ?? Buffer.alloc(0));
    expect(sealedKeyId(bytes)).toBe('k2');
    expect(bytes.includes(fromA.rawPayload.subarray(0, 8))).toBe(false);
    expect(bytes.includes(fromA.rawPayload.subarray(32, 64))).toBe(false);
  });
});
