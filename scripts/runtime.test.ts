import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from './runtime.mjs';

describe('the server process', () => {
  it('runs under `npm start` with the V8 options the benchmarks measure', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_OPTIONS} scripts/start.mjs`);
  });
});
