import type { Market } from '@kabuto/domain';
import type { Instrument, SearchScope } from './types.ts';

/**
 * Fold text for matching: NFKC (full-width → half-width, half-width kana → full-width), lower case,
 * hiragana → katakana, and drop spaces and punctuation that users type inconsistently.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[\s.\-・･,'’()（）]/g, '');
}

interface Entry {
  instrument: Instrument;
  symbol: string;
  terms: string[];
}

/** Search over a fixed list: by code or by name in jp, cn or us (and aliases), case-insensitive, partial. */
export class InstrumentIndex {
  private readonly entries: Entry[];
  private readonly bySymbol = new Map<string, Instrument>();

  constructor(instruments: readonly Instrument[]) {
    this.entries = instruments.map((instrument) => ({
      instrument,
      symbol: foldSearchText(instrument.symbol),
      terms: [
        instrument.names.jp,
        instrument.names.cn,
        instrument.names.us,
        ...(instrument.aliases ?? []),
      ].map(foldSearchText),
    }));
    for (const i of instruments) {
      if (this.bySymbol.has(i.symbol)) throw new Error(`duplicate symbol ${i.symbol}`);
      this.bySymbol.set(i.symbol, i);
    }
  }

  /** A new instrument, searchable and found by symbol from now on. */
  add(instrument: Instrument): void {
    if (this.bySymbol.has(instrument.symbol)) throw new Error(`duplicate symbol ${instrument.symbol}`);
    this.bySymbol.set(instrument.symbol, instrument);
    this.entries.push({
      instrument,
      symbol: foldSearchText(instrument.symbol),
      terms: [
        instrument.names.jp,
        instrument.names.cn,
        instrument.names.us,
        ...(instrument.aliases ?? []),
      ].map(foldSearchText),
    });
  }

  get(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol) ?? this.bySymbol.get(symbol.trim().toUpperCase());
  }

  /**
   * Instruments matching `text`, best first. With a market (or `scope.market`) only that market is searched; with
   * `scope.prefer` every market is, and that market's matches come first — after an exact code, which is
   * unambiguous wherever it is listed.
   */
  search(text: string, scope: Market | SearchScope = {}, limit = 20): Instrument[] {
    const q = foldSearchText(text);
    if (!q) return [];
    const { market, prefer } = typeof scope === 'string' ? { market: scope, prefer: undefined } : scope;
    const scored: { rank: number; score: number; order: number; instrument: Instrument }[] = [];
    this.entries.forEach((e, order) => {
      if (market && e.instrument.market !== market) return;
      let score = 0;
      if (e.symbol === q) score = 100;
      else if (e.symbol.startsWith(q)) score = 80;
      else if (e.terms.some((t) => t === q)) score = 70;
      else if (e.terms.some((t) => t.startsWith(q))) score = 60;
      else if (e.symbol.includes(q)) score = 40;
      else if (e.terms.some((t) => t.includes(q))) score = 30;
      if (score === 0) return;
      const rank = score === 100 ? 2 : !prefer || e.instrument.market === prefer ? 1 : 0;
      scored.push({ rank, score, order, instrument: e.instrument });
    });
    scored.sort((a, b) => b.rank - a.rank || b.score - a.score || a.order - b.order);
    return scored.slice(0, Math.max(0, limit)).map((s) => s.instrument);
  }
}
