/** Small, fast, deterministic hashing and pseudo-random numbers (identical in every process). */

export function fmix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, finalised. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** Combine integers into one 32-bit hash. */
export function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = fmix32(h ^ Math.imul(p | 0, 0xcc9e2d51) ^ Math.imul((p / 4294967296) | 0, 0x1b873593));
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return fmix32(h);
}

const FAT_NORM_4 = Math.sqrt(1 + 5.25 * 0.04);
const FAT_NORM_1 = Math.sqrt(1 + 5.25 * 0.01);

/** mulberry32 with polar-method normals. */
export class Rng {
  private s: number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.s = seed | 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal (Marsaglia polar method). */
  normal(): number {
    if (this.spare !== null) {
      const v = this.spare;
      this.spare = null;
      return v;
    }
    let x: number;
    let y: number;
    let s: number;
    do {
      x = 2 * this.next() - 1;
      y = 2 * this.next() - 1;
      s = x * x + y * y;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = y * f;
    return x * f;
  }

  /** A normal with fat tails: a scale mixture (1, or 2.5 with probability p), rescaled to unit variance. */
  fat(p = 0.04): number {
    const z = this.normal();
    const scale = this.next() < p ? 2.5 : 1;
    return (z * scale) / (p === 0.04 ? FAT_NORM_4 : p === 0.01 ? FAT_NORM_1 : Math.sqrt(1 + 5.25 * p));
  }
}
