/** A msg key's text in each interface language. `{name}` placeholders are filled from `params`. */
export interface Text {
  jp: string;
  cn: string;
  us: string;
}
export type Catalogue = Record<string, Text>;
