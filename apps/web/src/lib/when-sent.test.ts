import { describe, expect, it, vi } from 'vitest';
import { whenSent } from './when-sent.ts';

describe('whenSent', () => {
  it('runs with the reply once it has succeeded', async () => {
    const then = vi.fn();
    whenSent(Promise.resolve({ code: 'ok.submitted' }), then);
    await vi.waitFor(() => expect(then).toHaveBeenCalledWith({ code: 'ok.submitted' }));
  });

  it('does nothing on a refusal, and leaves no unhandled rejection', async () => {
    const then = vi.fn();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    whenSent(Promise.reject(new Error('refused')), then);
    await new Promise((r) => setTimeout(r, 20));
    process.off('unhandledRejection', unhandled);
    expect(then).not.toHaveBeenCalled();
    expect(unhandled).not.toHaveBeenCalled();
  });
});
