import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../vitest.config.ts';
import { ROOT, textFiles } from './external-refs.ts';

/**
 * Unit files share their worker's module graph unless they are listed as isolated: a file that replaces
 * a module or a global for itself would otherwise leave it to the files after it in the same worker.
 */
describe('the unit test projects', () => {
  it('isolate exactly the files that replace a module or a global', () => {
    const replacing = textFiles()
      .filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('e2e/') && !f.startsWith('bench/'))
      .filter((f) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(join(ROOT, f), 'utf8')))
      .filter((f) => f !== 'scripts/vitest-projects.test.ts');
    expect([...ISOLATED].sort()).toEqual(replacing.sort());
  });
});
