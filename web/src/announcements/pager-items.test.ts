import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_PAGER_MARGIN, ANNOUNCEMENT_PAGER_RANGE } from '@wl/schemas/constants';
import { pagerItems, type TPagerItem } from './pager-items.ts';

/** The pager as text: page numbers, `…` for a gap. */
const text = (items: TPagerItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');
const announcements = (current: number, pages: number) => text(pagerItems(current, pages, ANNOUNCEMENT_PAGER_MARGIN, ANNOUNCEMENT_PAGER_RANGE));

describe('pagerItems (docs/0112: margin 1, range 5)', () => {
  it('shows every page while they fit', () => {
    expect(announcements(1, 0)).toBe('');
    expect(announcements(1, 1)).toBe('1');
    expect(announcements(2, 2)).toBe('1 2');
    expect(announcements(4, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('keeps one page at each end and five around the current one, with gaps between', () => {
    expect(announcements(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(announcements(10, 20)).toBe('1 … 8 9 10 11 12 … 20');
    expect(announcements(20, 20)).toBe('1 … 16 17 18 19 20');
    // A gap of one page shows the page itself.
    expect(announcements(5, 20)).toBe('1 2 3 4 5 6 7 … 20');
    expect(announcements(4, 9)).toBe('1 2 3 4 5 6 … 9');
  });

  it('clamps a current page out of range', () => {
    expect(announcements(0, 3)).toBe('1 2 3');
    expect(announcements(99, 20)).toBe('1 … 16 17 18 19 20');
  });

  it('names each gap by the page before it (a stable key)', () => {
    expect(pagerItems(10, 20, 1, 5).filter((i) => i.kind === 'gap')).toEqual([
      { kind: 'gap', after: 1 },
      { kind: 'gap', after: 12 },
    ]);
  });
});
