import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installLiteApp, startLiteApp, useLiteApp } from './lite-app.ts';

describe('the lite app entry (docs/0048)', () => {
  it('points to the browser menu until the browser offers an install, makes the offer once, and knows when it is installed', async () => {
    startLiteApp();
    const { result } = renderHook(() => useLiteApp());
    expect(result.current).toBe('browser-menu');
    expect(await installLiteApp()).toBe(false);

    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    // Kept for the entry, not shown by the browser itself.
    expect(offer.defaultPrevented).toBe(true);
    expect(result.current).toBe('installable');

    let accepted = false;
    await act(async () => {
      accepted = await installLiteApp();
    });
    expect(accepted).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('installed');
  });
});
