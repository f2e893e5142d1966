import { randomInt } from 'node:crypto';
import { jstDate } from '@kabuto/domain';

/** `D20261124` + 10 random digits: unique enough (the column is unique), not guessable, sortable by day. */
export function newOrderNo(prefix: string, nowMs: number): string {
  const day = jstDate(nowMs).replaceAll('-', '');
  const a = randomInt(0, 100_000).toString().padStart(5, '0');
  const b = randomInt(0, 100_000).toString().padStart(5, '0');
  return `${prefix}${day}${a}${b}`;
}
