// Types of runtime.mjs for the TypeScript that imports it.
export function requireSupportedNode(): void;
export const SERVER_NODE_OPTIONS: string;
