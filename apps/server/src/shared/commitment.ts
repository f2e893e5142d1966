import { createHash, randomBytes } from 'node:crypto';

/**
 * The commit–reveal seeds of the seeded draws (the IPO lottery, a block trade's allocation). A seed is
 * 32 random bytes written as 64 hex digits; its commitment, published before anyone can subscribe, is
 * the SHA-256 of that hex text (its UTF-8 bytes), hex. One encoding for every product, the one the
 * browser's "verify" recomputes (`apps/web/src/lib/draw-proof.ts`) from the seed exactly as shown.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The SHA-256 of the seed's hex text. */
export const commitmentOf = (seedHex: string): string => sha256Hex(seedHex);

/** A fresh seed and its commitment. */
export function newSeed(): { seed: string; commitment: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, commitment: commitmentOf(seed) };
}
