import { describe, expect, it } from 'vitest';
import { dragStatus, isPull, PULL_HEAD_PX, PULL_THRESHOLD_PX, pullHeight } from './pull-refresh.ts';

describe('pull to refresh', () => {
  it('opens the head less than the finger travels, and never past its limit', () => {
    expect(pullHeight(0)).toBe(0);
    expect(pullHeight(-40)).toBe(0);
    expect(pullHeight(Number.NaN)).toBe(0);
    const heights = [20, 60, 120, 240, 480, 2000].map((d) => pullHeight(d));
    for (let i = 1; i < heights.length; i++) expect(heights[i]).toBeGreaterThan(heights[i - 1]!);
    for (const [i, d] of [20, 60, 120, 240, 480, 2000].entries()) expect(heights[i]).toBeLessThan(d);
    expect(pullHeight(100_000)).toBeLessThanOrEqual(PULL_HEAD_PX * 5);
  });

  it('asks to release only past the threshold, which a deliberate pull reaches', () => {
    expect(dragStatus(PULL_THRESHOLD_PX)).toBe('pulling');
    expect(dragStatus(PULL_THRESHOLD_PX + 1)).toBe('canRelease');
    expect(dragStatus(pullHeight(60))).toBe('pulling');
    expect(dragStatus(pullHeight(200))).toBe('canRelease');
  });

  it('tells a pull from a tap and from a sideways or upward swipe', () => {
    expect(isPull(2, 3)).toBeUndefined();
    expect(isPull(0, 20)).toBe(true);
    expect(isPull(4, 10)).toBe(true);
    expect(isPull(30, 10)).toBe(false);
    expect(isPull(0, -20)).toBe(false);
  });
});
