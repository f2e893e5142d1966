import { existsSync } from 'node:fs';
import type { Env } from '../config.ts';
import { parseFileKeys } from '../shared/files.ts';

/**
 * The two ways to run Kabuto. `demo` is `npm start`: embedded PGlite, demo data and printed credentials.
 * `production` is chosen explicitly with KABUTO_MODE=production, or NODE_ENV=production when KABUTO_MODE
 * is unset: compiled JavaScript, PostgreSQL only, no demo data, and the configuration checked at start.
 */
export type Mode = 'demo' | 'production';

export function modeOf(env: Pick<Env, 'KABUTO_MODE' | 'NODE_ENV'>): Mode {
  if (env.KABUTO_MODE) return env.KABUTO_MODE;
  return env.NODE_ENV === 'production' ? 'production' : 'demo';
}

/** Where the server listens: HOST, else this machine only in the demo and every interface in production. */
export function listenHost(env: Pick<Env, 'HOST' | 'KABUTO_MODE' | 'NODE_ENV'>): string {
  return env.HOST ?? (modeOf(env) === 'production' ? '0.0.0.0' : '127.0.0.1');
}

/** One refused setting: its name and what to do about it. */
export interface ConfigProblem {
  setting: string;
  message: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const isLoopback = (host: string) => LOOPBACK.has(host) || host.startsWith('127.');
/** Passwords that come with images, tutorials and this repository's examples. */
const DEFAULT_PASSWORDS = new Set([
  'postgres',
  'password',
  'secret',
  'changeme',
  'change-me',
  'kabuto',
  'admin',
  'redis',
  'root',
  '123456',
]);
const ARGON2_FLOOR = { memory: 19456, time: 2 };

function urlProblems(setting: string, value: string, what: string): ConfigProblem[] {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [{ setting, message: `not a URL; give ${what} as a URL` }];
  }
  const password = decodeURIComponent(url.password);
  // a socket path (postgres:///db?host=/run/postgresql) or this machine: the server's own rules apply
  const local = url.hostname === '' || isLoopback(url.hostname);
  if (password && DEFAULT_PASSWORDS.has(password.toLowerCase())) {
    return [
      {
        setting,
        message: `the password is a well-known default ("${password.replace(/./g, '*')}"); set a long random one`,
      },
    ];
  }
  if (!password && !local) {
    return [
      {
        setting,
        message: `${what} on ${url.hostname} without a password; set one in the URL (or use a socket or loopback address)`,
      },
    ];
  }
  return [];
}

/**
 * What production mode refuses, one entry per setting: each says what is wrong and what to set. `source`
 * is the raw environment (the demo variables are refused when they are present at all).
 */
export function productionProblems(env: Env, source: NodeJS.ProcessEnv = process.env): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!env.DATABASE_URL) {
    problems.push({
      setting: 'DATABASE_URL',
      message:
        'production runs on PostgreSQL: set DATABASE_URL=postgres://user:password@host:5432/db (the embedded PGlite is for the demo)',
    });
  } else if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push({ setting: 'DATABASE_URL', message: 'must be a postgres:// or postgresql:// URL' });
  } else {
    problems.push(...urlProblems('DATABASE_URL', env.DATABASE_URL, 'PostgreSQL'));
  }
  if (env.REDIS_URL) problems.push(...urlProblems('REDIS_URL', env.REDIS_URL, 'Redis'));
  if (!env.TRUST_PROXY) {
    problems.push({
      setting: 'TRUST_PROXY',
      message:
        "unset: behind a proxy every client would share the proxy's address (one client's failed logins would lock everyone out). Set the proxy's address or CIDR (TRUST_PROXY=10.0.0.0/8) or hop count (TRUST_PROXY=1), or TRUST_PROXY=none when clients connect directly",
    });
  }
  if (!env.WEBAUTHN_ORIGINS) {
    problems.push({
      setting: 'WEBAUTHN_ORIGINS',
      message:
        'unset: passkeys would work on localhost only. Set the public origin(s) users open, e.g. WEBAUTHN_ORIGINS=https://kabuto.example',
    });
  } else {
    for (const origin of env.WEBAUTHN_ORIGINS.split(',').map((o) => o.trim())) {
      let url: URL | null = null;
      try {
        url = new URL(origin);
      } catch {}
      if (!url || url.origin !== origin) {
        problems.push({
          setting: 'WEBAUTHN_ORIGINS',
          message: `"${origin}" is not an origin (scheme://host[:port], no path)`,
        });
      } else if (url.protocol !== 'https:' && url.hostname !== 'localhost') {
        problems.push({
          setting: 'WEBAUTHN_ORIGINS',
          message: `"${origin}" is not https: browsers allow passkeys only on https (or http://localhost)`,
        });
      }
    }
  }
  problems.push(...fileProblems(env));
  if (!existsSync(env.REPORT_FONT)) {
    problems.push({
      setting: 'REPORT_FONT',
      message: `${env.REPORT_FONT} not found: the reports (PDF) need a Japanese font. Install fonts-noto-cjk, or point REPORT_FONT at an OTF, TTF or TTC file`,
    });
  }
  if (env.SMTP_URL) {
    if (!/^smtps?:\/\//.test(env.SMTP_URL)) {
      problems.push({
        setting: 'SMTP_URL',
        message:
          'must be an smtp:// (STARTTLS) or smtps:// (TLS) URL, e.g. smtps://user:password@mail.example:465',
      });
    } else {
      const url = new URL(env.SMTP_URL);
      const password = decodeURIComponent(url.password);
      if (password && DEFAULT_PASSWORDS.has(password.toLowerCase()))
        problems.push({
          setting: 'SMTP_URL',
          message: 'the password is a well-known default; set the real one',
        });
    }
  }
  if (env.PUBLIC_URL && !/^https:\/\//.test(env.PUBLIC_URL)) {
    problems.push({
      setting: 'PUBLIC_URL',
      message: `"${env.PUBLIC_URL}" is not https: links in mails (password reset) must not travel in clear`,
    });
  }
  for (const name of Object.keys(source).sort()) {
    if (name.startsWith('DEMO_') && source[name] !== undefined) {
      problems.push({
        setting: name,
        message: 'a demo setting: production never seeds demo users, money or passwords. Remove it',
      });
    }
  }
  for (const name of ['KABUTO_CLOCK_START', 'KABUTO_CLOCK_SPEED'] as const) {
    if (source[name]) {
      problems.push({
        setting: name,
        message: 'moves the business clock away from real time (a demo tool). Remove it',
      });
    }
  }
  if (env.ARGON2_MEMORY_KIB < ARGON2_FLOOR.memory) {
    problems.push({
      setting: 'ARGON2_MEMORY_KIB',
      message: `below ${ARGON2_FLOOR.memory} KiB, passwords are cheaper to guess than the default; remove it or raise it`,
    });
  }
  if (env.ARGON2_TIME_COST < ARGON2_FLOOR.time) {
    problems.push({
      setting: 'ARGON2_TIME_COST',
      message: `below ${ARGON2_FLOOR.time}, passwords are cheaper to guess than the default; remove it or raise it`,
    });
  }
  return problems;
}

/** The file store's settings in production: a shared store, and keys of its own. */
function fileProblems(env: Env): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (env.FILES_STORE === 'local') {
    problems.push({
      setting: 'FILES_STORE',
      message:
        'local keeps uploads on this machine only (the demo). Use database (the default) or s3 so that every instance reads them',
    });
  }
  if (env.FILES_STORE === 's3' && !env.FILES_S3_BUCKET) {
    problems.push({ setting: 'FILES_S3_BUCKET', message: 'FILES_STORE=s3 needs the bucket name' });
  }
  if (!env.FILES_KEYS) {
    problems.push({
      setting: 'FILES_KEYS',
      message:
        'unset: uploaded ID photos are encrypted with this key. Set FILES_KEYS=<id>:<base64 of 32 random bytes> (openssl rand -base64 32)',
    });
  } else {
    try {
      parseFileKeys(env.FILES_KEYS);
    } catch (err) {
      problems.push({ setting: 'FILES_KEYS', message: (err as Error).message.replace(/^FILES_KEYS: /, '') });
    }
  }
  return problems;
}

/** The refusal printed when production mode does not start: one line per setting. */
export function describeProblems(problems: ConfigProblem[]): string {
  return [
    `Kabuto (production mode) refuses to start: ${problems.length} unsafe setting${problems.length === 1 ? '' : 's'}`,
    ...problems.map((p) => `  ${p.setting}: ${p.message}`),
    'Production mode is KABUTO_MODE=production or NODE_ENV=production; the demo is `npm start` without them.',
  ].join('\n');
}
