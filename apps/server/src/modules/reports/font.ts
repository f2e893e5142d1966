import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import * as fontkit from 'fontkit';

/** Debian's fonts-noto-cjk: a collection whose Japanese face the reports use. */
export const DEFAULT_REPORT_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** What pdf-lib's `registerFontkit` takes: an object whose `create` makes a fontkit font. */
export interface FontkitLike {
  create(data: Uint8Array): unknown;
}

export interface ReportFont {
  /** The file's bytes (pdf-lib is handed them; with subsetting only the glyphs used are embedded). */
  bytes: Uint8Array;
  fontkit: FontkitLike;
  name: string;
}

/**
 * The reports' font, read once per process: a font file (OTF/TTF), or a collection (TTC) from which the
 * Japanese face is taken (its PostScript name has `JP`/`jp`, else the first face).
 *
 * pdf-lib embeds through fontkit. Its own fork (@pdf-lib/fontkit 1.1) writes broken subsets of CID-keyed
 * CFF fonts such as Noto Sans CJK (PDF readers reject the embedded font and show no glyphs), so the
 * maintained fontkit 2 is used, whose subsets are sound; pdf-lib asks the subset for `encodeStream()`,
 * which fontkit 2 replaced by `encode()`, so the font's subsets get that one method here. The collection
 * is opened by selecting the face, not handed to pdf-lib whole: the subset is made from that face only.
 */
export function reportFontLoader(path: string): () => Promise<ReportFont> {
  let loading: Promise<ReportFont> | null = null;
  return () => {
    loading ??= load(path).catch((err) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}

const isCollection = (x: fontkit.Font | fontkit.FontCollection): x is fontkit.FontCollection =>
  Array.isArray((x as fontkit.FontCollection).fonts);

async function load(path: string): Promise<ReportFont> {
  const bytes = new Uint8Array(await readFile(path));
  const opened = fontkit.create(bytes);
  const collection = isCollection(opened) ? opened : null;
  const face = collection
    ? (collection.fonts.find((f) => /jp/i.test(f.postscriptName)) ?? collection.fonts[0])
    : (opened as fontkit.Font);
  if (!face) throw new Error(`no font in ${path}`);
  const font = collection ? (fontkit.create(bytes, face.postscriptName) as fontkit.Font) : face;
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, {
      encodeStream() {
        const out = new EventEmitter();
        setImmediate(() => {
          try {
            out.emit('data', subset.encode());
            out.emit('end');
          } catch (err) {
            out.emit('error', err);
          }
        });
        return out;
      },
    });
  };
  return { bytes, fontkit: { create: () => font }, name: font.postscriptName };
}
