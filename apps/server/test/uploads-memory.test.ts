import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '../src/shared/uploads.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Runs the upload path on the bombs in a child process of its own; its report (see upload-memory.ts). */
function runChild(copies: number): Promise<{
  replies: Record<string, string[]>;
  sizes: Record<string, number>;
  maxRssMb: number;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'support/upload-memory.ts')], {
      cwd: join(here, '..'),
      env: { ...process.env, COPIES: String(copies) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => {
      out += b;
    });
    child.stderr.on('data', (b) => {
      err += b;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`upload child exited ${code}: ${out.slice(-500)} ${err.slice(-2000)}`));
      }
    });
  });
}

/**
 * F4 of issue #30: a 142 KB PNG declaring 50,000,000×1 pixels took the server from 586 MB to 2.7 GB. Each
 * dimension and the pixel count are bounded from the header before anything is decoded, and decodes run a
 * few at a time. Peak memory is asserted on a process of its own (its maxRSS), a bound rather than a time.
 */
describe('upload memory bound (decompression bombs)', () => {
  it('refuses the 50-megapixel and the 20,000×20,000 bombs from their headers, within a fixed memory budget', async () => {
    const r = await runChild(3);
    expect(r.sizes['50MP']).toBeLessThan(200_000);
    expect(r.replies['50MP']).toEqual([
      'upload.tooManyPixels',
      'upload.tooManyPixels',
      'upload.tooManyPixels',
    ]);
    expect(r.replies['20000x20000']).toEqual([
      'upload.tooManyPixels',
      'upload.tooManyPixels',
      'upload.tooManyPixels',
    ]);
    expect(r.replies.picture).toEqual(['ok image/png']);
    // Node, sharp and the bombs' bytes: far below one decoded bomb (50 MP × 3 bytes = 150 MB, and libvips
    // took gigabytes for it).
    expect(r.maxRssMb).toBeLessThan(IMAGE_LIMITS.budgetMb);
  }, 300_000);
});
