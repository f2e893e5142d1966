/** How account numbers and ID numbers are shown to their owner. */

/** "****1234" */
export const maskTail = (value: string, keep = 4): string =>
  value.length <= keep ? value : `${'*'.repeat(Math.min(8, value.length - keep))}${value.slice(-keep)}`;

/** "12********34" */
export const maskIdCard = (value: string): string =>
  value.length <= 4
    ? '*'.repeat(value.length)
    : `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
