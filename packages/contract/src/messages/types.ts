/** A msg key's text in each interface language. `{name}` placeholders are filled from `params`. */
export interface Text {
  jp: string;
  cn: string;
  us: string;
}
/** A catalogue entry: the key's text in each language, and the family's text where it has one. */
export interface Entry extends Text {
  /**
   * The family's text for this key: the sentence the family's clients look up in their own dictionaries
   * (sent as `msg` beside the key in `code`). Byte-exact; `{name}` is the param written as a plain integer.
   * Keys without one send their cn text.
   */
  family?: string;
}
export type Catalogue = Record<string, Entry>;
