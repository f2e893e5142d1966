/**
 * Photos from phones are large (5–12 MB); the server takes JPEG, PNG or WebP up to 10 MB. Images over
 * {@link RESIZE_OVER_BYTES}, or in a format the server does not take but the browser can decode (HEIC on
 * iOS), are redrawn as a JPEG of at most {@link MAX_SIDE} px; everything else is sent as it is.
 */
const RESIZE_OVER_BYTES = 2 * 1024 * 1024;
const MAX_SIDE = 2000;
const QUALITY = 0.86;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The types the file picker offers. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

async function redraw(file: File): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', QUALITY));
}

export async function prepareImage(file: File): Promise<{ blob: Blob; name: string }> {
  if (ACCEPTED.has(file.type) && file.size <= RESIZE_OVER_BYTES) return { blob: file, name: file.name };
  const jpeg = await redraw(file);
  if (jpeg && (jpeg.size < file.size || !ACCEPTED.has(file.type))) {
    return { blob: jpeg, name: `${file.name.replace(/\.[^.]*$/, '') || 'image'}.jpg` };
  }
  // the server decides (it checks the bytes, and refuses what it cannot take with a reason)
  return { blob: file, name: file.name };
}
