/**
 * What the back office's screens need of a browser that happy-dom does not give: antd's responsive
 * helpers ask the window for media queries. Call once a file (in `beforeAll`); none matches.
 */
export function answerMediaQueries(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
