/**
 * Run in a child process by uploads-memory.test.ts, so that its peak memory is this process's alone: the
 * upload path's image check (`cleanUpload`) on decompression bombs, `COPIES` of each at once, then a
 * small real picture. Prints one JSON line: what each upload got, and the process's maxRSS in MB.
 */
import { AppError } from '../../src/lib/errors.ts';
import { cleanUpload } from '../../src/shared/uploads.ts';
import { pngBomb } from './image-bombs.ts';

const COPIES = Number(process.env.COPIES ?? 2);
const bombs = {
  '50MP': await pngBomb(50_000_000, 1, 3),
  '20000x20000': await pngBomb(20_000, 20_000, 1),
};
const outcome = async (bytes: Buffer) => {
  try {
    const r = await cleanUpload(bytes);
    return `ok ${r.type}`;
  } catch (err) {
    return err instanceof AppError ? err.msg : `error ${(err as Error).message}`;
  }
};
const replies: Record<string, string[]> = {};
for (const [name, bytes] of Object.entries(bombs)) {
  replies[name] = await Promise.all(Array.from({ length: COPIES }, () => outcome(bytes)));
}
// a real 4×4 PNG still goes through
const PICTURE =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4oaEBRwzEcQDRQxGBpDPMeQAAAABJRU5ErkJggg==';
replies.picture = [await outcome(Buffer.from(PICTURE, 'base64'))];
const sizes = Object.fromEntries(Object.entries(bombs).map(([k, b]) => [k, b.length]));
process.stdout.write(
  `${JSON.stringify({ replies, sizes, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`,
);
