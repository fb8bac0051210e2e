import { lazy, Suspense, useRef, type CSSProperties, type ReactElement } from 'react';

const CarouselNav = lazy(() => import('./carousel-nav.tsx'));

/**
 * Games per view, and per group a swipe or an arrow moves, below 640 px, from 640 px and from
 * 1100 px wide (the media queries of .carousel in home.css): docs/rules/content.md#c-6's 6 per group on a wide screen.
 */
export const CAROUSEL_PER_VIEW = [2, 4, 6] as const;

/**
 * Where the i-th of n tiles sits (0-based row and column) when `perView` columns show and each group
 * of perView × rows tiles fills row by row: the order the Swiper grid ('row' fill) gave home's rows.
 */
export function carouselCell(i: number, n: number, perView: number, rows: number): { row: number; column: number } {
  const group = Math.floor(i / (perView * rows));
  const inGroup = i - group * perView * rows;
  const columns = group === 0 ? perView : Math.min(Math.ceil((n - group * perView * rows) / rows), perView);
  const row = Math.floor(inGroup / columns);
  return { row, column: group * perView + inGroup - row * columns };
}

/**
 * Home's game rows as a carousel (docs/rules/content.md#c-11: groups of 6 on a wide screen, 2 rows): a CSS grid that
 * scrolls sideways and snaps to each group, with previous and next buttons (carousel-nav.tsx).
 * Replaces the Swiper these rows used (docs/0060): the browser lays it out and swipes it itself, so a
 * row costs no script setup, no measuring and no second render of its tiles in the page load.
 */
export function GameCarousel({ rows, children }: { rows: number; children: ReactElement[] }) {
  const track = useRef<HTMLDivElement>(null);
  const n = children.length;
  const columns: Record<string, number> = {};
  for (const perView of CAROUSEL_PER_VIEW) columns[`--cols-${perView}`] = Math.max(Math.ceil(n / rows), perView);
  return (
    <div className="carousel">
      <div ref={track} className="carousel__track" style={columns as CSSProperties}>
        {children.map((child, i) => {
          const place: Record<string, number> = {};
          const groupStarts: number[] = [];
          for (const perView of CAROUSEL_PER_VIEW) {
            const { row, column } = carouselCell(i, n, perView, rows);
            place[`--row-${perView}`] = row + 1;
            place[`--col-${perView}`] = column + 1;
            if (row === 0 && column % perView === 0) groupStarts.push(perView);
          }
          return (
            <div key={child.key} className="carousel__cell" style={place as CSSProperties} data-group-start={groupStarts.join(' ') || undefined}>
              {child}
            </div>
          );
        })}
      </div>
      <Suspense fallback={null}>
        <CarouselNav track={track} />
      </Suspense>
    </div>
  );
}
