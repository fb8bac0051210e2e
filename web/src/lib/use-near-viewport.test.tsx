import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameGrid } from '../home/game-grid.tsx';
import { RowSection } from '../home/vendor-row.tsx';
import { gameFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { NEAR_VIEWPORT_MARGIN, useNearViewport } from './use-near-viewport.ts';

/**
 * happy-dom's IntersectionObserver never reports (no layout): this one reports what a test says the
 * browser saw. Real Chromium is exercised by the home journeys (e2e/tests/home.spec.ts).
 */
class ReportingObserver {
  static all: ReportingObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(
    readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ReportingObserver.all.push(this);
  }
  observe(node: Element) {
    this.watched.add(node);
  }
  unobserve(node: Element) {
    this.watched.delete(node);
  }
  disconnected = false;
  disconnect() {
    this.watched.clear();
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** The browser found `node` within the margin (or not). */
  see(node: Element, isIntersecting: boolean) {
    act(() => this.report([{ target: node, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

const observer = () => {
  expect(ReportingObserver.all).toHaveLength(1);
  return ReportingObserver.all[0]!;
};

beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', ReportingObserver);
});
// Each test counts the observers its own page made (the last page's was dropped with it).
beforeEach(() => {
  ReportingObserver.all = [];
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function Probe({ id }: { id: string }) {
  const [ref, isNear] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} data-testid={id}>
      {isNear ? 'near' : 'far'}
    </div>
  );
}

describe('useNearViewport (docs/0060)', () => {
  it('mounting renders once: the ref does not set state during the commit (docs/0063)', () => {
    let renders = 0;
    function Counted() {
      renders += 1;
      const [ref, isNear] = useNearViewport<HTMLDivElement>();
      return <div ref={ref}>{isNear ? 'near' : 'far'}</div>;
    }
    const { unmount } = renderWithApp(<Counted />);
    expect(renders).toBe(1);
    // Nothing left to watch: the shared observer is let go.
    const shared = observer();
    expect(shared.disconnected).toBe(false);
    unmount();
    expect(shared.watched.size).toBe(0);
    expect(shared.disconnected).toBe(true);
  });

  it('is false until the element comes within a screen of the viewport, then stays true and stops watching', () => {
    renderWithApp(
      <>
        <Probe id="a" />
        <Probe id="b" />
      </>,
    );
    const a = screen.getByTestId('a');
    const b = screen.getByTestId('b');
    // One observer for every element, reaching a screen beyond the viewport.
    expect(observer().options.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
    expect(NEAR_VIEWPORT_MARGIN).toBe('100% 0px');
    expect(observer().watched).toEqual(new Set([a, b]));
    expect(a.textContent).toBe('far');

    observer().see(a, false);
    expect(a.textContent).toBe('far');
    observer().see(a, true);
    expect(a.textContent).toBe('near');
    expect(b.textContent).toBe('far');
    expect(observer().watched).toEqual(new Set([b]));
    // Scrolled away again: what was rendered stays.
    observer().see(a, false);
    expect(a.textContent).toBe('near');
  });

  it("a home row keeps its heading and skeleton until it is near, then shows its games' tiles", async () => {
    renderWithApp(
      <RowSection rowKey="RNG" title="Slots">
        <GameGrid games={[gameFixture({ nodeId: 'g-1' }), gameFixture({ nodeId: 'g-2' })]} />
      </RowSection>,
    );
    const row = screen.getByTestId('home.row.RNG');
    expect(screen.getByRole('heading', { name: 'Slots' })).toBeTruthy();
    // The games are here, but the row is far below: a task later there are still no tiles.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryAllByTestId('game-tile')).toHaveLength(0);
    // A box, not a busy region: nothing is loading, the row waits for the visitor.
    expect(row.querySelector('.grid--skeleton')).not.toBeNull();
    expect(row.querySelector('[aria-busy="true"]')).toBeNull();

    observer().see(row, true);
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(2);
    expect(row.querySelector('.grid--skeleton')).toBeNull();
  });

  it('a grid outside a home row shows its tiles without waiting', async () => {
    renderWithApp(<GameGrid games={[gameFixture({ nodeId: 'g-1' })]} />);
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(1);
  });
});
