// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBackCloses } from './use-back-closes.ts';

const popped = () =>
  new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));

describe('Back closes an open sheet', () => {
  it('Back with the sheet open closes it and stays on the page', async () => {
    const before = window.history.length;
    const close = vi.fn();
    const { rerender } = renderHook(({ open }) => useBackCloses(open, close), {
      initialProps: { open: false },
    });
    rerender({ open: true });
    expect(window.history.length).toBe(before + 1);
    const back = popped();
    await act(async () => {
      window.history.back();
      await back;
    });
    expect(close).toHaveBeenCalledTimes(1);
    expect((window.history.state as { sheet?: boolean } | null)?.sheet).toBeFalsy();
  });

  it('closing the sheet otherwise takes its history entry back', async () => {
    const close = vi.fn();
    const { rerender } = renderHook(({ open }) => useBackCloses(open, close), {
      initialProps: { open: true },
    });
    expect((window.history.state as { sheet?: boolean }).sheet).toBe(true);
    const back = popped();
    rerender({ open: false });
    await act(async () => {
      await back;
    });
    expect(close).not.toHaveBeenCalled();
    expect((window.history.state as { sheet?: boolean } | null)?.sheet).toBeFalsy();
  });
});
