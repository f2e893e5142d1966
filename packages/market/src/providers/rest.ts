/**
 * What the real-feed adapters share: a token bucket per provider (its documented request rate), retries
 * that honour 429 `Retry-After` (else exponential backoff), and a cache for immutable replies (past bars,
 * past calendars). Written on the global `fetch`.
 */

export interface RateLimit {
  /** Requests allowed per `perMs` (the plan's documented limit). */
  requests: number;
  perMs: number;
}

/** A token bucket: `take()` resolves when a request may be sent. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = delay,
  ) {
    this.tokens = limit.requests;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    const rate = this.limit.requests / this.limit.perMs;
    this.tokens = Math.min(this.limit.requests, this.tokens + (t - this.last) * rate);
    this.last = t;
  }

  /** Wait for a token (callers are served in order). */
  take(): Promise<void> {
    const next = this.queue.then(async () => {
      for (;;) {
        this.refill();
        if (this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        const rate = this.limit.requests / this.limit.perMs;
        await this.sleep(Math.ceil((1 - this.tokens) / rate));
      }
    });
    this.queue = next.catch(() => {});
    return next;
  }

  /** Empty the bucket (after a 429: the server says we are over the limit whatever we counted). */
  drain(): void {
    this.refill();
    this.tokens = 0;
  }
}

export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A reply the provider refused (not 429, or 429 after the last retry). */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    body: string,
  ) {
    super(`${status} from ${url}: ${body.slice(0, 200)}`);
  }
}

export interface RestOptions {
  baseUrl: string;
  headers: Record<string, string>;
  rate: RateLimit;
  /** Retries after 429 or a network error / 5xx (default 4). */
  retries?: number;
  /** First backoff when the reply has no Retry-After (default 1000 ms; doubles each time). */
  backoffMs?: number;
  /** Most cached replies (default 2000; oldest dropped first). */
  cacheSize?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RestStats {
  requests: number;
  rateLimited: number;
  cacheHits: number;
  lastError: string | null;
}

/** Wait before retry `attempt` (0-based): Retry-After (seconds or an HTTP date) when given, else backoff. */
export function retryDelay(
  retryAfter: string | null,
  attempt: number,
  backoffMs: number,
  now: number,
): number {
  if (retryAfter) {
    const secs = Number(retryAfter);
    if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return backoffMs * 2 ** attempt;
}

export class RestClient {
  readonly bucket: TokenBucket;
  readonly stats: RestStats = { requests: 0, rateLimited: 0, cacheHits: 0, lastError: null };
  private readonly cache = new Map<string, unknown>();
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: RestOptions) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? delay;
    this.bucket = new TokenBucket(opts.rate, this.now, this.sleep);
    this.fetchFn = opts.fetch ?? fetch;
  }

  url(path: string, query: Record<string, string | undefined> = {}): string {
    const u = new URL(this.opts.baseUrl.replace(/\/$/, '') + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, v);
    return u.toString();
  }

  /**
   * GET JSON. `immutable`: the reply never changes (history before today), so it is cached and later
   * calls do not spend a request.
   */
  async get<T>(path: string, query: Record<string, string | undefined> = {}, immutable = false): Promise<T> {
    const url = this.url(path, query);
    if (immutable && this.cache.has(url)) {
      this.stats.cacheHits++;
      return this.cache.get(url) as T;
    }
    const retries = this.opts.retries ?? 4;
    const backoff = this.opts.backoffMs ?? 1000;
    for (let attempt = 0; ; attempt++) {
      await this.bucket.take();
      this.stats.requests++;
      let res: Response;
      try {
        res = await this.fetchFn(url, { headers: this.opts.headers });
      } catch (e) {
        this.stats.lastError = String(e);
        if (attempt >= retries) throw e;
        await this.sleep(retryDelay(null, attempt, backoff, this.now()));
        continue;
      }
      if (res.status === 429 || res.status >= 500) {
        const body = await res.text();
        if (res.status === 429) {
          this.stats.rateLimited++;
          this.bucket.drain();
        }
        this.stats.lastError = `${res.status}`;
        if (attempt >= retries) throw new ProviderHttpError(res.status, url, body);
        await this.sleep(retryDelay(res.headers.get('retry-after'), attempt, backoff, this.now()));
        continue;
      }
      if (!res.ok) {
        const body = await res.text();
        this.stats.lastError = `${res.status}`;
        throw new ProviderHttpError(res.status, url, body);
      }
      const data = (await res.json()) as T;
      this.stats.lastError = null;
      if (immutable) {
        this.cache.set(url, data);
        const max = this.opts.cacheSize ?? 2000;
        if (this.cache.size > max) this.cache.delete(this.cache.keys().next().value as string);
      }
      return data;
    }
  }
}
