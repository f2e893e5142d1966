import { crc32, createDeflate } from 'node:zlib';

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

/**
 * A real decompression bomb: a valid PNG of `width`×`height` black pixels (8-bit, `channels` 1 gray or 3
 * RGB) whose rows compress to almost nothing. Built by streaming zero rows through deflate, so making one
 * takes no memory worth the name: 50,000,000×1 RGB is about 142 KB, 20,000×20,000 gray about 380 KB.
 */
export async function pngBomb(width: number, height: number, channels: 1 | 3 = 3): Promise<Buffer> {
  const rowBytes = 1 + width * channels; // the filter byte, then the pixels
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(Math.min(rowBytes * Math.max(1, Math.floor(4_000_000 / rowBytes)), 4_000_000));
  let left = rowBytes * height;
  while (left > 0) {
    const n = Math.min(left, block.length);
    if (!deflate.write(block.subarray(0, n))) await new Promise((r) => deflate.once('drain', r));
    left -= n;
  }
  deflate.end();
  await done;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 3 ? 2 : 0; // colour type: truecolour or grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
