import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterQuiet, QUIET_IDLE_MS, QUIET_TIMEOUT_MS, useSettled } from './use-settled.ts';

/** A browser's idle callbacks, given by the test: each `idle(ms)` answers the waiting callbacks with that much time left. */
let waiting: Map<number, IdleRequestCallback>;
let nextId: number;
function idle(timeRemaining: number, didTimeout = false) {
  const callbacks = [...waiting.values()];
  waiting.clear();
  for (const callback of callbacks) callback({ timeRemaining: () => timeRemaining, didTimeout });
}

beforeEach(() => {
  waiting = new Map();
  nextId = 1;
  vi.useFakeTimers();
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    const id = nextId++;
    waiting.set(id, callback);
    return id;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterQuiet (docs/0063)', () => {
  it('waits through the short idle moments of a loading page and runs once at the first long one', () => {
    const run = vi.fn();
    afterQuiet(run);
    idle(4);
    idle(QUIET_IDLE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    idle(QUIET_IDLE_MS);
    expect(run).toHaveBeenCalledTimes(1);
    idle(50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs when the browser says the wait timed out, and never after a cancel', () => {
    const late = vi.fn();
    afterQuiet(late);
    idle(2, true);
    expect(late).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterQuiet(cancelled);
    cancel();
    idle(50);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('gives up waiting for quiet after QUIET_TIMEOUT_MS', () => {
    const run = vi.fn();
    afterQuiet(run);
    vi.advanceTimersByTime(QUIET_TIMEOUT_MS);
    idle(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

function Probe({ delayMs, withInput = false }: { delayMs?: number; withInput?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const by = useSettled({ delayMs, inputOn: withInput ? box : undefined });
  return (
    <div>
      <div ref={box} data-testid="box">
        <button type="button">inside</button>
      </div>
      <button type="button" data-testid="elsewhere">
        elsewhere
      </button>
      <p data-testid="by">{by ?? 'waiting'}</p>
    </div>
  );
}
const by = () => screen.getByTestId('by').textContent;
const press = (testId: string, type = 'pointerdown') =>
  act(() => {
    screen.getByTestId(testId).dispatchEvent(new Event(type, { bubbles: true }));
  });

describe('useSettled (docs/0063)', () => {
  it('is null until the page is quiet, then the delay; then says so', () => {
    render(<Probe delayMs={5000} />);
    act(() => idle(50));
    expect(by()).toBe('waiting');
    act(() => vi.advanceTimersByTime(4999));
    expect(by()).toBe('waiting');
    act(() => vi.advanceTimersByTime(1));
    expect(by()).toBe('quiet');
  });

  it('input inside the element comes first; input elsewhere on the page changes nothing', () => {
    render(<Probe delayMs={5000} withInput />);
    press('elsewhere');
    press('elsewhere', 'keydown');
    expect(by()).toBe('waiting');
    press('box');
    expect(by()).toBe('input');
  });

  it('waits for input alone when the delay is infinite; focus inside counts', () => {
    render(<Probe delayMs={Number.POSITIVE_INFINITY} withInput />);
    act(() => idle(50));
    act(() => vi.advanceTimersByTime(60_000));
    expect(by()).toBe('waiting');
    press('box', 'focusin');
    expect(by()).toBe('input');
  });

  it('without an element, input counts nowhere', () => {
    render(<Probe />);
    press('box');
    expect(by()).toBe('waiting');
    act(() => idle(45));
    expect(by()).toBe('quiet');
  });
});
