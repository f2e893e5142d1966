// Types of check-imports.mjs for the TypeScript that imports it.
export const MAX_MODULE_FILE_LINES: number;
export function checkImports(root: string): string[];
