/**
 * Work the splash may do ahead of time so the first screens open instantly. The app registers what
 * exists (screen code now; quotes once they exist); the splash runs it during "getting quotation info".
 */
const tasks: (() => Promise<unknown>)[] = [];

export function registerPrefetch(task: () => Promise<unknown>): void {
  tasks.push(task);
}

export function runPrefetch(): Promise<unknown> {
  return Promise.all(tasks.map((t) => t()));
}
