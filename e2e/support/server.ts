/**
 * Start the real server (scripts/start.mjs) for a browser test: a free port, a fresh PGlite data dir,
 * no rebuild when the apps' builds are up to date (KABUTO_SKIP_BUILD=1). Resolves once it prints "Kabuto listening on <url>".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A data directory holding a migrated embedded database (`global-setup.ts`, for a browser-test run): a
 * server started on a data directory without a database begins from a copy of it. Unset (Lighthouse, a
 * single file run without the setup), the server creates and migrates its own.
 */
export const DB_TEMPLATE_ENV = 'KABUTO_E2E_DB_TEMPLATE';

/** Give a data directory without a database a copy of the run's migrated one, when there is one. */
function fromTemplate(dataDir: string): void {
  const template = process.env[DB_TEMPLATE_ENV];
  const target = join(dataDir, 'pglite');
  if (template && existsSync(join(template, 'pglite')) && !existsSync(target))
    cpSync(join(template, 'pglite'), target, { recursive: true });
}

/** A data directory for servers started one after another on the same data (see StartOptions.dataDir). */
export const newDataDir = (): string => mkdtempSync(join(tmpdir(), 'kabuto-e2e-'));

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Extra environment (e.g. KABUTO_CLOCK_START). */
  env?: Record<string, string>;
  /**
   * Start on this data directory (a restart of an earlier server at a later clock): it is kept on stop,
   * for the next start; the caller removes it. Without it, a fresh one removed on stop.
   */
  dataDir?: string;
  /**
   * Listen on this port: a restart on the same data keeps the browser's origin, so its stored session
   * and settings stay. Without it, a free port.
   */
  port?: number;
  /** How long to wait for the listening line (default 150 s: a first build may run). */
  timeoutMs?: number;
}

/** `port` (0: any) if it can be listened on right now, else null. */
function tryListen(port: number): Promise<number | null> {
  return new Promise((done) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => done(null));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const got = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(got));
    });
  });
}

/**
 * Ports below the kernel's range for outgoing connections (Linux), where a free port stays free: a port
 * of that range can be taken by a client's socket (a browser's, a database connection's) in the seconds
 * before the server listens on it. Null where the range cannot be read.
 */
function listenerPorts(): [number, number] | null {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return low > 11_000 ? [10_000, low - 1] : null;
  } catch {
    return null;
  }
}

/** A TCP port nobody listens on right now, outside the range outgoing connections take theirs from. */
export async function freePort(): Promise<number> {
  const range = listenerPorts();
  for (let i = 0; range && i < 50; i++) {
    const port = await tryListen(range[0] + Math.floor(Math.random() * (range[1] - range[0] + 1)));
    if (port !== null) return port;
  }
  const any = await tryListen(0);
  if (any === null) throw new Error('no free port');
  return any;
}

/** Newest modification time under a path (skipping dependencies and build output). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules' && entry !== 'dist') max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/**
 * True when every app with an index.html has a build newer than its sources (and the shared packages):
 * the server can then start without building. Otherwise scripts/start.mjs rebuilds what is stale.
 */
function appsBuilt(): boolean {
  const shared = ['packages/contract/src', 'packages/domain/src'].map((p) => newest(join(ROOT, p)));
  return ['web', 'admin'].every((app) => {
    const dir = join(ROOT, 'apps', app);
    if (!existsSync(join(dir, 'index.html'))) return true;
    const stamp = join(dir, 'dist', 'index.html');
    if (!existsSync(stamp)) return false;
    const sources = Math.max(
      newest(join(dir, 'src')),
      newest(join(dir, 'index.html')),
      newest(join(dir, 'vite.config.ts')),
      newest(join(dir, 'public')),
      ...shared,
    );
    return statSync(stamp).mtimeMs >= sources;
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/**
 * Start the server; when its port was taken meanwhile (it exits with EADDRINUSE), again: on another free
 * port, or on the same one (a restart that keeps the origin) after a pause.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, options.port ?? (await freePort()));
    } catch (e) {
      if (attempt >= 4 || !/EADDRINUSE/.test((e as Error).message)) throw e;
      if (options.port !== undefined) await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

async function startOnce(options: StartOptions, port: number): Promise<RunningServer> {
  const keep = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kabuto-e2e-'));
  fromTemplate(dataDir);
  // Vitest sets NODE_ENV=test; a rebuild under it would bundle React's development build (far over the
  // first-screen budget). The server runs as `npm start` runs it: NODE_ENV unset unless a test says so.
  // DATABASE_URL is dropped too: every browser test gets its own fresh embedded database, whatever a
  // shared PostgreSQL holds from earlier runs (the API suites cover PostgreSQL).
  const { NODE_ENV: _testEnv, DATABASE_URL: _sharedDb, ...parentEnv } = process.env;
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...parentEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The operator's password is random per install unless given; the browser tests sign in with this one.
      DEMO_ADMIN_PASSWORD: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
      ...(appsBuilt() ? { KABUTO_SKIP_BUILD: '1' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  };

  const timeoutMs = options.timeoutMs ?? 150_000;
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const check = () => {
        const m = /Kabuto listening on (http:\/\/\S+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolveUrl(m[1].replace(/\/+$/, ''));
        }
      };
      child.stdout?.on('data', check);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited early (code ${code}, signal ${signal})`));
      });
      check();
    });
    return { url, dataDir, output: () => output, stop };
  } catch (e) {
    await stop();
    throw new Error(`${(e as Error).message}\n--- server output ---\n${output}`);
  }
}
