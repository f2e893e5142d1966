/** Script chunks that have not arrived within this time count as failed (120 seconds, as in the family's clients). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeout extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkLoadTimeout';
  }
}

/** Race a dynamic import against the chunk time-out. */
export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeout()), ms);
    load.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * `load` run once, within the chunk time-out, its promise shared by every caller; after a failure the
 * next call tries again (a dropped connection is not remembered as a missing chunk).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= withChunkTimeout(load()).catch((e: unknown) => {
      pending = null;
      throw e;
    });
    return pending;
  };
}
