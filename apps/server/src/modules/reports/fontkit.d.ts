/** The few parts of fontkit (2.x, no bundled types) the reports use. */
declare module 'fontkit' {
  export interface Subset {
    encode(): Uint8Array;
    [k: string]: unknown;
  }
  export interface Font {
    postscriptName: string;
    createSubset(): Subset;
    [k: string]: unknown;
  }
  export interface FontCollection {
    type: 'TTC' | 'DFont';
    fonts: Font[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
}
