import type { Board } from './types.ts';

/** China A-share board from the security code (688/689 STAR, 300/301 ChiNext, 60x SSE, 00x SZSE). */
export function cnBoardOf(code: string): Board | null {
  if (!/^\d{6}$/.test(code)) return null;
  if (code.startsWith('688') || code.startsWith('689')) return 'sse_star';
  if (code.startsWith('300') || code.startsWith('301')) return 'szse_chinext';
  if (code.startsWith('60')) return 'sse_main';
  if (/^00[0-3]/.test(code)) return 'szse_main';
  return null;
}
