import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { carouselCell, GameCarousel } from './game-carousel.tsx';

/** The grid a carousel shows for n games: rows of column indexes holding the game's number (0-based), '.' for none. */
function layout(n: number, perView: number, rows: number): string[] {
  const cells = Array.from({ length: n }, (_, i) => carouselCell(i, n, perView, rows));
  const columns = Math.max(...cells.map((c) => c.column)) + 1;
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => {
      const i = cells.findIndex((c) => c.row === row && c.column === column);
      return (i < 0 ? '.' : String(i)).padStart(2);
    }).join(' '),
  );
}

describe('carouselCell: the order the Swiper grid gave home rows (each group filled row by row)', () => {
  it('on a phone, 2 in view: 12 games page as 0 1 / 2 3, then 4 5 / 6 7', () => {
    expect(layout(12, 2, 2)).toEqual([' 0  1  4  5  8  9', ' 2  3  6  7 10 11']);
  });
  it('4 in view: the last group, short of games, fills its own columns row by row', () => {
    expect(layout(12, 4, 2)).toEqual([' 0  1  2  3  8  9', ' 4  5  6  7 10 11']);
    expect(layout(11, 4, 2)).toEqual([' 0  1  2  3  8  9', ' 4  5  6  7 10  .']);
  });
  it('6 in view: 12 games are one group; 7 leave one game on the second row', () => {
    expect(layout(12, 6, 2)).toEqual([' 0  1  2  3  4  5', ' 6  7  8  9 10 11']);
    expect(layout(7, 6, 2)).toEqual([' 0  1  2  3  4  5', ' 6  .  .  .  .  .']);
  });
});

describe('GameCarousel', () => {
  it('places every game for each width and marks the first column of each group as a snap point', () => {
    const games = Array.from({ length: 12 }, (_, i) => <span key={`g${i}`}>game {i}</span>);
    const { container } = render(<GameCarousel rows={2}>{games}</GameCarousel>);
    const track = container.querySelector<HTMLElement>('.carousel__track')!;
    expect(track.style.getPropertyValue('--cols-2')).toBe('6');
    expect(track.style.getPropertyValue('--cols-6')).toBe('6');
    const cells = [...container.querySelectorAll<HTMLElement>('.carousel__cell')];
    expect(cells.map((c) => c.textContent)).toEqual(games.map((_, i) => `game ${i}`));
    // Game 4 leads the second group on a phone: first row, third column.
    expect([cells[4]!.style.getPropertyValue('--row-2'), cells[4]!.style.getPropertyValue('--col-2')]).toEqual(['1', '3']);
    expect(cells.map((c) => c.dataset.groupStart ?? '')).toEqual(['2 4 6', '', '', '', '2', '', '', '', '2 4', '', '', '']);
  });
});
