import { parseMarketProviders } from '@kabuto/market';
import { z } from 'zod';

/** Environment, parsed once. Everything has a default so `npm start` works on a fresh machine. */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  /**
   * `demo` (default): `npm start`, demo data, printed credentials. `production` (also chosen by
   * NODE_ENV=production): compiled JavaScript, PostgreSQL only, no demo data, configuration checked at
   * start (see ops/production.ts).
   */
  KABUTO_MODE: z.enum(['demo', 'production']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; unset: 127.0.0.1 in demo mode (this machine only), 0.0.0.0 in production. */
  HOST: z.string().trim().min(1).optional(),
  /**
   * A second listener serving only GET /metrics (Prometheus text) without authentication, for a scraper on
   * a private network; unset: metrics only at GET /api/admin/metrics with an admin operator's token.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Open connections in all (WebSockets included) before new ones are closed at the door; unset: the
   * process's descriptor limit less what PostgreSQL, Redis and files need (see plugins/connections.ts).
   */
  MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().optional(),
  /**
   * Which peers may tell the client's address in X-Forwarded-For: a hop count (`1` = the one proxy in
   * front) or a comma-separated list of addresses and CIDRs (`10.0.0.0/8,127.0.0.1`). Unset: nobody,
   * the address is the socket's. `none` says the same explicitly (production requires one or the other).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(none|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'a hop count, addresses/CIDRs, or none',
    )
    .optional(),
  /** Time to receive a request's headers, and its whole body (ms). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** An idle keep-alive connection is closed after this long, and any socket idle this long (ms). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(5_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Open connections per client address (WebSockets included); more are closed at once. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(256),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KABUTO_CLOCK_START: z.string().optional(),
  KABUTO_CLOCK_SPEED: z.string().optional(),
  /** Provider per market: `simulator`, or pairs like `jpy:jquants,usd:alpaca` (docs/market-data.md). */
  MARKET_PROVIDER: z
    .string()
    .default('simulator')
    .refine((v) => {
      try {
        parseMarketProviders(v);
        return true;
      } catch {
        return false;
      }
    }, 'market:provider pairs, e.g. jpy:jquants,usd:alpaca'),
  JQUANTS_API_KEY: z.string().optional(),
  JQUANTS_BASE_URL: z.string().url().optional(),
  JQUANTS_DELAY_MINUTES: z.coerce.number().int().min(0).optional(),
  JQUANTS_RATE_PER_MIN: z.coerce.number().int().positive().optional(),
  JQUANTS_POLL_MS: z.coerce.number().int().positive().optional(),
  ALPACA_KEY_ID: z.string().optional(),
  ALPACA_SECRET_KEY: z.string().optional(),
  ALPACA_DATA_URL: z.string().url().optional(),
  ALPACA_STREAM_URL: z.string().optional(),
  SIM_SEED: z.string().default('kabuto'),
  /** Login attempts per IP+account per minute, and registrations per IP per minute. */
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_REGISTER: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_MONEY: z.coerce.number().int().positive().default(30),
  /** Demo seed, used only on an empty database. */
  DEMO_INVITE_CODE: z.string().default('KABUTO2026'),
  DEMO_ACCOUNT: z.string().default('demo0001'),
  DEMO_PASSWORD: z.string().default('kabuto-demo-1'),
  DEMO_FUND_PASSWORD: z.string().default('246810'),
  DEMO_ADMIN: z.string().default('admin'),
  /** The seeded operator's password; unset: a random one, made on the first start and printed once. */
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Deposit channel password of the demo (the `channel_password` setting). */
  DEMO_CHANNEL_PASSWORD: z.string().min(1).default('135790'),
  /** Password of the demo's private block-trade offerings. */
  DEMO_BLOCK_PASSWORD: z.string().min(1).default('block2026'),
  /**
   * Where uploaded files are kept (docs/deploy.md, "Files"): `database` (default; PostgreSQL or PGlite,
   * shared by every instance), `s3` (an S3-compatible store, FILES_S3_*), or `local` (a folder, UPLOAD_DIR;
   * the demo only).
   */
  FILES_STORE: z.enum(['database', 's3', 'local']).default('database'),
  /**
   * The reports' font (PDF, Japanese): an OTF/TTF file, or a collection (TTC) whose Japanese face is used.
   * Debian's fonts-noto-cjk by default.
   */
  REPORT_FONT: z.string().trim().min(1).default('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  /**
   * The files' encryption keys (AES-256-GCM), `id:base64-of-32-bytes`, comma-separated: the first
   * encrypts new files, every one listed decrypts (rotation: put the new key first, keep the old ones).
   * Required in production; the demo derives one when unset.
   */
  FILES_KEYS: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=]+(\s*,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=]+)*$/,
      'id:base64key[,id:base64key…]',
    )
    .optional(),
  FILES_S3_BUCKET: z.string().trim().min(1).optional(),
  /** An S3-compatible endpoint (MinIO, R2, …; path-style addressing); unset: AWS S3 itself. */
  FILES_S3_ENDPOINT: z.string().url().optional(),
  FILES_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** A prefix of every object's key (`kabuto/`). */
  FILES_S3_PREFIX: z.string().default(''),
  /** Where uploads are stored with FILES_STORE=local (outside the web root). */
  UPLOAD_DIR: z.string().optional(),
  /**
   * Days the images of a rejected identity submission are kept after the rejection, then deleted (the
   * submission's record stays). Images of the approved or pending submission are kept.
   */
  KYC_REJECTED_IMAGE_DAYS: z.coerce.number().int().min(0).default(90),
  /** Hours an upload that nothing refers to (no identity submission, no deposit) is kept, then deleted. */
  UNUSED_UPLOAD_HOURS: z.coerce.number().int().min(1).default(48),
  /** Origins where passkeys are used, comma-separated (e.g. https://kabuto.example); unset: localhost only. */
  WEBAUTHN_ORIGINS: z.string().optional(),
  /** The passkeys' relying-party id (a domain); default the host of the first origin. */
  WEBAUTHN_RP_ID: z.string().optional(),
  /**
   * Outgoing mail: an SMTP URL (`smtp://user:pass@host:587` with STARTTLS, `smtps://…:465`). Unset: the
   * demo prints each mail to the log; production sends none and refuses password reset and adding an
   * address (`mail.unavailable`), with a warning at start (docs/deploy.md).
   */
  SMTP_URL: z.string().trim().min(1).optional(),
  /** The mails' sender, `Name <address>` or an address. */
  MAIL_FROM: z.string().trim().min(3).default('Kabuto <no-reply@kabuto.localhost>'),
  /**
   * The site's public address for links in mails (reset, verification), e.g. https://kabuto.example.
   * Unset: the first WEBAUTHN_ORIGINS origin, else http://localhost:PORT.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** What one user's uploads may take in all (MB, after re-encoding). */
  UPLOAD_QUOTA_MB: z.coerce.number().int().positive().default(100),
  /** The durable jobs: attempts after the first before a daily job is dead-lettered, and the first retry's delay (doubling after). */
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * OpenTelemetry traces over OTLP/HTTP (JSON) to a collector, e.g. http://otel-collector:4318 (spans go to
   * its /v1/traces), or the traces URL itself in OTEL_EXPORTER_OTLP_TRACES_ENDPOINT. Unset: no tracing,
   * nothing of it loaded (docs/operations.md, "Traces").
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  /** The service name on every span. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('kabuto'),
  /** argon2id cost; tests lower it to keep the suite fast. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}
