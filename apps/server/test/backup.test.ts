import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle, migrateToLatest } from '@kabuto/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/ops/backup.ts';
import { sealedKeyId } from '../src/shared/files.ts';
import {
  createTestApp,
  expectOk,
  type Session,
  type TestApp,
  uploadImage,
  uploadNameOf,
} from './support/app.ts';
import { trader } from './support/trading.ts';

const PG = process.env.DATABASE_URL;
const tools = ['pg_dump', 'pg_restore'].every((t) => spawnSync(t, ['--version']).status === 0);
const ROOT = join(import.meta.dirname, '../../..');
const FILES_KEYS = `b1:${randomBytes(32).toString('base64')}`;

/** `npm run backup` / `npm run restore` as an operator runs them: a child process with the environment. */
function cli(args: string[], databaseUrl: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('DEMO_') && !k.startsWith('KABUTO_')),
    );
    const p = spawn(process.execPath, [join(ROOT, 'scripts/server-tool.mjs'), 'backup-cli', ...args], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: databaseUrl, FILES_KEYS, LOG_LEVEL: 'silent' },
    });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.stderr.on('data', (d) => {
      out += d;
    });
    p.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

/**
 * A live database with users, money and files is backed up (while the app keeps serving), restored into
 * an empty database, and there the back office's reconcile passes with the same balances and the same
 * files.
 */
// With PostgreSQL there must be its client tools too (CI installs them): the restore is not to be skipped.
describe.skipIf(!PG)('backup → restore → reconcile', () => {
  const suffix = randomBytes(5).toString('hex');
  const names = { src: `kabuto_bk_src_${suffix}`, dst: `kabuto_bk_dst_${suffix}` };
  const urlOf = (db: string) => {
    const u = new URL(PG ?? '');
    u.pathname = `/${db}`;
    return u.href;
  };
  const folder = mkdtempSync(join(tmpdir(), 'kabuto-backup-'));
  const out = join(folder, 'b1');
  let admin: pg.Client;
  let srcDb: DbHandle;
  let dstDb: DbHandle | null = null;
  let t: TestApp;
  let r: TestApp | null = null;
  let rich: Session;
  let image: string;

  beforeAll(async () => {
    if (!tools) throw new Error('pg_dump and pg_restore are needed (apt-get install postgresql-client)');
    admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`create database ${names.src}`);
    await admin.query(`create database ${names.dst}`);
    srcDb = await createDb({ url: urlOf(names.src), poolSize: 4 });
    await migrateToLatest(srcDb.db);
    t = await createTestApp('postgres', { DATABASE_URL: urlOf(names.src), FILES_KEYS }, {}, srcDb);
    // users, money (the demo's ¥10,000,000 deposit, two funded traders, a leveraged position) and files
    rich = await trader(t, { jpy: '2500000', usd: '1234.56' });
    await trader(t, { jpy: '700000' });
    expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, gdlx: 1, symbol: '7203', zhang: '100', ganggan: '2' },
        rich,
      ),
    );
    image = await uploadImage(t, rich, 'png');
  }, 180_000);

  afterAll(async () => {
    await r?.close();
    await dstDb?.close();
    await t?.close();
    await srcDb?.close();
    for (const db of [names.src, names.dst]) {
      // without force first: a connection still closing is not killed under its pool
      await admin
        ?.query(`drop database if exists ${db}`)
        .catch(async () => {
          await new Promise((r) => setTimeout(r, 1000));
          await admin.query(`drop database if exists ${db} with (force)`);
        })
        .catch(() => undefined);
    }
    await admin?.end();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Every ledger account with its four balance columns, in id order. */
  const balances = (db: DbHandle['db']) =>
    db.selectFrom('ledger_account').selectAll().orderBy('id').execute();

  it('backs up the live database, restores it into an empty one, and it reconciles with the same balances and files', async () => {
    const before = await balances(srcDb.db);
    expect(before.length).toBeGreaterThan(5);
    const info = expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: rich.token }));

    // the app keeps answering while the backup runs
    const backup = cli(['backup', '--out', out], urlOf(names.src));
    const during = await t.call('/user/getUserinfo', { type: 'jpy' }, { token: rich.token });
    expect(during.body.status).toBe(1);
    const b = await backup;
    expect(b.out).toContain('backup written to');
    expect(b.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['database.dump', 'manifest.json']);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.files).toMatchObject({ store: 'database', inDatabase: true });
    // the demo's three images and the trader's
    expect(manifest.files.count).toBe(4);
    expect(Object.keys(manifest.ledger)).toEqual(expect.arrayContaining(['jpy', 'usd']));
    // the dump holds the files sealed, never the image
    const dump = readFileSync(join(out, 'database.dump'));
    const plain = (
      await t.app.inject({
        method: 'GET',
        url: `/api/vue/uploads/${uploadNameOf(image)}`,
        headers: { token: rich.token },
      })
    ).rawPayload;
    expect(dump.includes(plain.subarray(16, 48))).toBe(false);

    const restored = await cli(['restore', '--from', out], urlOf(names.dst));
    expect(restored.out).toMatch(/ledger invariants hold; totals match the backup/);
    expect(restored.code).toBe(0);

    dstDb = await createDb({ url: urlOf(names.dst), poolSize: 4 });
    expect(await balances(dstDb.db)).toEqual(before);
    r = await createTestApp('postgres', { DATABASE_URL: urlOf(names.dst), FILES_KEYS }, {}, dstDb);
    const op = await r.adminLogin();
    const rec = expectOk(await r.admin('/ledger/reconcile', {}, op));
    expect(rec.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    expect(rec.ok).toBe(true);
    // the same user signs in with the same password and sees the same money, position and image
    const login = expectOk(await r.call('/user/login', { account: rich.account, password: rich.password }));
    expect(expectOk(await r.call('/user/getUserinfo', { type: 'jpy' }, { token: login.token }))).toEqual({
      ...info,
    });
    const served = await r.app.inject({
      method: 'GET',
      url: `/api/vue/uploads/${uploadNameOf(image)}`,
      headers: { token: login.token },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(plain)).toBe(true);
    const stored = await dstDb.db
      .selectFrom('stored_file')
      .select('bytes')
      .where('name', '=', uploadNameOf(image))
      .executeTakeFirstOrThrow();
    expect(sealedKeyId(Buffer.from(stored.bytes))).toBe('b1');
  }, 300_000);

  it('refuses to restore into a database that is not empty, and to back up into a used folder', async () => {
    const again = await cli(['restore', '--from', out], urlOf(names.src));
    expect(again.code).not.toBe(0);
    expect(again.out).toMatch(/the database is not empty/);
    const used = await cli(['backup', '--out', out], urlOf(names.src));
    expect(used.code).not.toBe(0);
    expect(used.out).toMatch(/is not empty: give a new folder/);
  }, 120_000);
});
