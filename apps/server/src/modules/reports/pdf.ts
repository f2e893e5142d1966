import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { ReportFont } from './font.ts';

/** A4 in points, margins, the type sizes and the line height. */
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const SIZE = { title: 16, head: 11, text: 8.5, small: 7 };
const LINE = 13;

export interface Column {
  label: string;
  /** Share of the line's width. */
  width: number;
  align?: 'left' | 'right';
}

/** The document's facts, written into it (the same facts give the same bytes). */
export interface DocMeta {
  title: string;
  subject: string;
  created: Date;
}

/**
 * A small writer of report PDFs: a title block, headings, label/value lines and tables that continue on
 * new pages (with their header again), a footer with the page number. Text is in the embedded CJK font
 * (subset: only the glyphs used are in the file).
 */
export async function reportDocument(font: ReportFont, meta: DocMeta) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(font.fontkit as Parameters<PDFDocument['registerFontkit']>[0]);
  const face: PDFFont = await doc.embedFont(font.bytes, { subset: true });
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setAuthor('Kabuto');
  doc.setCreator('Kabuto');
  doc.setProducer('Kabuto');
  doc.setCreationDate(meta.created);
  doc.setModificationDate(meta.created);

  const inner = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const fit = (text: string, size: number, width: number): string => {
    if (face.widthOfTextAtSize(text, size) <= width) return text;
    let t = text;
    while (t.length > 1 && face.widthOfTextAtSize(`${t}…`, size) > width) t = t.slice(0, -1);
    return `${t}…`;
  };
  const draw = (text: string, x: number, size: number, width = inner, align: 'left' | 'right' = 'left') => {
    const t = fit(text, size, width);
    const dx = align === 'right' ? width - face.widthOfTextAtSize(t, size) : 0;
    page.drawText(t, { x: x + dx, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
  };
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  /** Room for `lines` more lines on this page, else a new page. */
  const room = (lines: number): boolean => {
    if (y - lines * LINE < PAGE.margin + 2 * LINE) {
      newPage();
      return false;
    }
    return true;
  };
  const rule = () => {
    page.drawLine({
      start: { x: PAGE.margin, y: y + LINE - 4 },
      end: { x: PAGE.width - PAGE.margin, y: y + LINE - 4 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
  };

  return {
    /** The document's title line and the lines under it (account, period, issue date). */
    title(text: string, lines: string[]) {
      draw(text, PAGE.margin, SIZE.title);
      y -= LINE * 1.8;
      for (const l of lines) {
        draw(l, PAGE.margin, SIZE.text);
        y -= LINE;
      }
      y -= LINE / 2;
    },
    heading(text: string) {
      room(3);
      y -= LINE / 2;
      draw(text, PAGE.margin, SIZE.head);
      y -= LINE * 1.3;
    },
    /** Label/value pairs, two to a line. */
    pairs(rows: [string, string][]) {
      const half = inner / 2;
      for (let i = 0; i < rows.length; i += 2) {
        room(1);
        for (let j = 0; j < 2 && i + j < rows.length; j++) {
          const [label, value] = rows[i + j];
          const x = PAGE.margin + j * half;
          draw(label, x, SIZE.text, half * 0.55);
          draw(value, x + half * 0.55, SIZE.text, half * 0.42, 'right');
        }
        y -= LINE;
      }
    },
    /** A table; `empty` is written when it has no rows. */
    table(columns: Column[], rows: string[][], empty: string) {
      const total = columns.reduce((s, c) => s + c.width, 0);
      const xs: number[] = [];
      let x = PAGE.margin;
      for (const c of columns) {
        xs.push(x);
        x += (c.width / total) * inner;
      }
      const header = () => {
        columns.forEach((c, i) => {
          draw(c.label, xs[i], SIZE.small, (c.width / total) * inner - 4, c.align);
        });
        y -= LINE;
        rule();
      };
      room(2);
      header();
      if (rows.length === 0) {
        draw(empty, PAGE.margin, SIZE.text);
        y -= LINE;
      }
      for (const r of rows) {
        if (!room(1)) header();
        columns.forEach((c, i) => {
          draw(r[i] ?? '', xs[i], SIZE.text, (c.width / total) * inner - 4, c.align);
        });
        y -= LINE;
      }
      y -= LINE / 2;
    },
    note(text: string) {
      room(1);
      draw(text, PAGE.margin, SIZE.small);
      y -= LINE;
    },
    /** The finished file, with "page n / m" under every page. */
    async save(footer: string): Promise<Uint8Array> {
      const pages = doc.getPages();
      pages.forEach((p, i) => {
        const text = `${footer}  ${i + 1} / ${pages.length}`;
        p.drawText(text, {
          x: PAGE.width - PAGE.margin - face.widthOfTextAtSize(text, SIZE.small),
          y: PAGE.margin / 2,
          size: SIZE.small,
          font: face,
          color: rgb(0.4, 0.4, 0.4),
        });
      });
      return doc.save({ useObjectStreams: true });
    },
  };
}

export type ReportWriter = Awaited<ReturnType<typeof reportDocument>>;
