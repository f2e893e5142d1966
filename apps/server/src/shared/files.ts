import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Db, Tx } from '@kabuto/db';
import type { Env } from '../config.ts';
import { modeOf } from '../ops/mode.ts';

/**
 * Where uploaded files live, shared by every instance of a deployment, encrypted at rest.
 *
 * - `database` (default): a row of `stored_file` per file, in the same PostgreSQL (or the demo's PGlite)
 *   as everything else; a backup of the database holds the files too.
 * - `s3`: an S3-compatible bucket (FILES_S3_*; credentials from the usual AWS_* variables).
 * - `local`: a folder (UPLOAD_DIR, default DATA_DIR/uploads); the demo only, since other instances
 *   cannot read it.
 *
 * Whatever the store, what it holds is sealed: `KBF1`, the key id's length and the key id, a random
 * 12-byte nonce, the 16-byte GCM tag, then the AES-256-GCM ciphertext. The header and the file's name are
 * authenticated with it, so bytes moved under another name, or altered, do not open.
 */
export interface FileStore {
  kind: Env['FILES_STORE'];
  /** Stores `plain` (sealed with the current key) under `name`; `tx` puts a database store's row in it. */
  put(name: string, plain: Buffer, tx?: Tx): Promise<void>;
  /** The file's bytes opened, or null when there is none. Throws when it does not open (wrong key, altered). */
  get(name: string): Promise<Buffer | null>;
  delete(name: string, tx?: Tx): Promise<void>;
  /** Every stored name (backups copy them). */
  names(): Promise<string[]>;
  /** The stored (sealed) bytes, as they are at rest: what a backup copies. */
  getSealed(name: string): Promise<Buffer | null>;
  putSealed(name: string, sealed: Buffer): Promise<void>;
}

export interface FileKey {
  id: string;
  key: Buffer;
}

export interface FileKeys {
  /** Encrypts every new file. */
  current: FileKey;
  /** Every key that opens files, by id (the current one among them). */
  byId: Map<string, FileKey>;
}

const MAGIC = Buffer.from('KBF1', 'latin1');
const NONCE = 12;
const TAG = 16;
/** The demo's key id when FILES_KEYS is unset (its key is derived from a public label: it hides nothing). */
export const DEMO_KEY_ID = 'demo';

/** FILES_KEYS parsed: `id:base64`, first one current. Throws with the setting's name on a bad key. */
export function parseFileKeys(value: string): FileKeys {
  const keys = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry): FileKey => {
      const at = entry.indexOf(':');
      const id = entry.slice(0, at);
      const key = Buffer.from(entry.slice(at + 1), 'base64');
      if (at <= 0 || key.length !== 32) {
        throw new Error(`FILES_KEYS: key "${id || entry}" must be id:base64 of 32 random bytes`);
      }
      return { id, key };
    });
  const first = keys[0];
  if (!first) throw new Error('FILES_KEYS: no key');
  const byId = new Map<string, FileKey>();
  for (const k of keys) {
    if (byId.has(k.id)) throw new Error(`FILES_KEYS: key id "${k.id}" is listed twice`);
    byId.set(k.id, k);
  }
  return { current: first, byId };
}

/** The keys of this configuration: FILES_KEYS, or in the demo a key derived from a fixed label. */
export function fileKeys(env: Env): FileKeys {
  if (env.FILES_KEYS) return parseFileKeys(env.FILES_KEYS);
  if (modeOf(env) === 'production') throw new Error('FILES_KEYS is required in production');
  const demo = { id: DEMO_KEY_ID, key: createHash('sha256').update('kabuto demo file key').digest() };
  return { current: demo, byId: new Map([[demo.id, demo]]) };
}

export function seal(keys: FileKeys, name: string, plain: Buffer): Buffer {
  const id = Buffer.from(keys.current.id, 'latin1');
  const header = Buffer.concat([MAGIC, Buffer.from([id.length]), id]);
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, nonce);
  cipher.setAAD(Buffer.concat([header, Buffer.from(name, 'utf8')]));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([header, nonce, cipher.getAuthTag(), body]);
}

/** The key id a sealed file was written with (null: not a sealed file). */
export function sealedKeyId(sealed: Buffer): string | null {
  if (sealed.length < MAGIC.length + 1 || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const len = sealed[MAGIC.length] ?? 0;
  return sealed.toString('latin1', MAGIC.length + 1, MAGIC.length + 1 + len);
}

export function open(keys: FileKeys, name: string, sealed: Buffer): Buffer {
  const id = sealedKeyId(sealed);
  if (id === null) throw new Error(`file ${name} is not a sealed file`);
  const key = keys.byId.get(id);
  if (!key) throw new Error(`file ${name} is sealed with key "${id}", which FILES_KEYS does not list`);
  const headerEnd = MAGIC.length + 1 + Buffer.byteLength(id, 'latin1');
  const nonce = sealed.subarray(headerEnd, headerEnd + NONCE);
  const tag = sealed.subarray(headerEnd + NONCE, headerEnd + NONCE + TAG);
  const decipher = createDecipheriv('aes-256-gcm', key.key, nonce);
  decipher.setAAD(Buffer.concat([sealed.subarray(0, headerEnd), Buffer.from(name, 'utf8')]));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(headerEnd + NONCE + TAG)), decipher.final()]);
}

/** Where sealed bytes are kept: the three stores differ only here. */
interface RawStore {
  put(name: string, sealed: Buffer, tx?: Tx): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  delete(name: string, tx?: Tx): Promise<void>;
  names(): Promise<string[]>;
}

function databaseRaw(db: Db): RawStore {
  return {
    async put(name, sealed, tx) {
      await (tx ?? db)
        .insertInto('stored_file')
        .values({ name, bytes: sealed })
        .onConflict((oc) => oc.column('name').doUpdateSet({ bytes: sealed }))
        .execute();
    },
    async get(name) {
      const row = await db
        .selectFrom('stored_file')
        .select('bytes')
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? Buffer.from(row.bytes) : null;
    },
    async delete(name, tx) {
      await (tx ?? db).deleteFrom('stored_file').where('name', '=', name).execute();
    },
    async names() {
      const rows = await db.selectFrom('stored_file').select('name').orderBy('name').execute();
      return rows.map((r) => r.name);
    },
  };
}

/** FILES_STORE=local's folder. */
export const uploadDir = (env: Env): string => resolve(env.UPLOAD_DIR ?? join(env.DATA_DIR, 'uploads'));

const SAFE_NAME = /^[A-Za-z0-9._-]+$/;
const checked = (name: string) => {
  if (!SAFE_NAME.test(name) || name.startsWith('.')) throw new Error(`unsafe file name: ${name}`);
  return name;
};

function localRaw(dir: string): RawStore {
  const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';
  return {
    async put(name, sealed) {
      await mkdir(dir, { recursive: true, mode: 0o750 });
      await writeFile(join(dir, checked(name)), sealed, { mode: 0o640 });
    },
    async get(name) {
      try {
        return await readFile(join(dir, checked(name)));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(name) {
      await unlink(join(dir, checked(name))).catch((err) => {
        if (!missing(err)) throw err;
      });
    },
    async names() {
      try {
        return (await readdir(dir)).filter((n) => SAFE_NAME.test(n) && !n.startsWith('.')).sort();
      } catch (err) {
        if (missing(err)) return [];
        throw err;
      }
    },
  };
}

type S3Module = typeof import('@aws-sdk/client-s3');

function s3Raw(env: Env): RawStore {
  const bucket = env.FILES_S3_BUCKET;
  if (!bucket) throw new Error('FILES_STORE=s3 needs FILES_S3_BUCKET');
  const prefix = env.FILES_S3_PREFIX;
  // the SDK is loaded only when this store is chosen (the other stores do not need it)
  let loaded: Promise<{ s3: S3Module; client: InstanceType<S3Module['S3Client']> }> | null = null;
  const sdk = () => {
    loaded ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: env.FILES_S3_REGION,
        ...(env.FILES_S3_ENDPOINT ? { endpoint: env.FILES_S3_ENDPOINT, forcePathStyle: true } : {}),
      }),
    }));
    return loaded;
  };
  const key = (name: string) => `${prefix}${checked(name)}`;
  return {
    async put(name, sealed) {
      const { s3, client } = await sdk();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: bucket,
          Key: key(name),
          Body: sealed,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get(name) {
      const { s3, client } = await sdk();
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(name) {
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
    },
    async names() {
      const { s3, client } = await sdk();
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort();
    },
  };
}

/** The store FILES_STORE names, sealing with FILES_KEYS. */
export function fileStore(db: Db, env: Env, keys: FileKeys = fileKeys(env)): FileStore {
  const raw =
    env.FILES_STORE === 's3'
      ? s3Raw(env)
      : env.FILES_STORE === 'local'
        ? localRaw(uploadDir(env))
        : databaseRaw(db);
  // A demo's data from before the shared store kept uploads in plain files of UPLOAD_DIR: one is moved
  // into the store (sealed) the first time it is read. Production never had them.
  const legacy = env.FILES_STORE !== 'local' && modeOf(env) === 'demo' ? localRaw(uploadDir(env)) : null;
  return {
    kind: env.FILES_STORE,
    put: (name, plain, tx) => raw.put(name, seal(keys, name, plain), tx),
    async get(name) {
      const sealed = await raw.get(name);
      if (sealed) return open(keys, name, sealed);
      const plain = await legacy?.get(name);
      if (!plain || sealedKeyId(plain) !== null) return null;
      await raw.put(name, seal(keys, name, plain));
      await legacy?.delete(name);
      return plain;
    },
    delete: (name, tx) => raw.delete(name, tx),
    names: () => raw.names(),
    getSealed: (name) => raw.get(name),
    putSealed: (name, sealed) => raw.put(name, sealed),
  };
}
