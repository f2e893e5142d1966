import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImports, MAX_MODULE_FILE_LINES } from './check-imports.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = mkdtempSync(join(tmpdir(), 'kabuto-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const drop = (path: string) => rmSync(join(root, path));
const server = 'apps/server/src';

// a small server: two modules, each with a face, and the composition root
put(
  `${server}/modules/module.ts`,
  "import type { RouteKit } from '../plugins/routes.ts';\nexport type M = RouteKit;\n",
);
put(`${server}/plugins/routes.ts`, 'export type RouteKit = object;\n');
put(`${server}/modules/loans/loans.repo.ts`, 'export const outstanding = 1;\n');
put(
  `${server}/modules/loans/index.ts`,
  "import type { RouteKit } from '../../plugins/routes.ts';\nimport { outstanding } from './loans.repo.ts';\nexport const loansModule = (k: RouteKit) => [k, outstanding];\n",
);
put(
  `${server}/modules/trading/trading.service.ts`,
  "import type { M } from '../module.ts';\nexport type T = M;\n",
);
put(`${server}/modules/trading/index.ts`, "export * from './trading.service.ts';\n");
put(
  `${server}/app.ts`,
  "import { loansModule } from './modules/loans/index.ts';\nimport { tradingModule } from './modules/trading/index.ts';\nexport { loansModule, tradingModule };\n",
);

describe('the import check', () => {
  it('passes on the repository', () => {
    expect(checkImports(repo)).toEqual([]);
  });

  it('passes on modules that meet only through their faces', () => {
    put(
      `${server}/modules/trading/lend.ts`,
      "import type { loansModule } from '../loans/index.ts';\nexport type L = typeof loansModule;\n",
    );
    expect(checkImports(root)).toEqual([]);
    drop(`${server}/modules/trading/lend.ts`);
  });

  it('fails when a module imports another module’s file other than its index.ts', () => {
    put(
      `${server}/modules/trading/debts.ts`,
      "import { outstanding } from '../loans/loans.repo.ts';\nexport const d = outstanding;\n",
    );
    expect(checkImports(root)).toEqual([
      `${server}/modules/trading/debts.ts: imports ../loans/loans.repo.ts, inside module "loans"; import its face, modules/loans/index.ts`,
    ]);
    drop(`${server}/modules/trading/debts.ts`);
  });

  it('fails when app.ts reaches into a module', () => {
    put(
      `${server}/app.ts`,
      "import { outstanding } from './modules/loans/loans.repo.ts';\nexport { outstanding };\n",
    );
    expect(checkImports(root)).toEqual([
      `${server}/app.ts: imports ./modules/loans/loans.repo.ts, inside module "loans"; import its face, modules/loans/index.ts`,
    ]);
    put(`${server}/app.ts`, 'export {};\n');
  });

  it('fails when a service imports plugins/ other than as a face’s type', () => {
    put(
      `${server}/modules/trading/orders.service.ts`,
      "import { type RouteKit } from '../../plugins/routes.ts';\nexport type R = RouteKit;\n",
    );
    expect(checkImports(root)).toEqual([
      `${server}/modules/trading/orders.service.ts: imports ../../plugins/routes.ts; only routes and app.ts use plugins/ (pass the value in)`,
    ]);
    drop(`${server}/modules/trading/orders.service.ts`);
  });

  it(`fails on a module file over ${MAX_MODULE_FILE_LINES} lines`, () => {
    const line = 'export const x = 1;\n';
    put(`${server}/modules/trading/big.ts`, line.repeat(MAX_MODULE_FILE_LINES));
    expect(checkImports(root)).toEqual([]);
    put(`${server}/modules/trading/big.ts`, line.repeat(MAX_MODULE_FILE_LINES + 1));
    expect(checkImports(root)).toEqual([
      `${server}/modules/trading/big.ts: ${MAX_MODULE_FILE_LINES + 1} lines, over ${MAX_MODULE_FILE_LINES}; split it by job`,
    ]);
    drop(`${server}/modules/trading/big.ts`);
  });
});
