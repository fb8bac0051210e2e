import { useLayoutEffect, type RefObject } from 'react';
import { fittingCount } from './fitting-count.ts';

/** The gap between two entries of the row (layout.css `.hnav`). */
const GAP_PX = 2;

/**
 * Counts the header entries that fit the room of their row and tells the header, which greys out the
 * rest in the row (kept there, so each can be measured at any time) and lists them under "more"
 * (docs/0103). Counts again whenever the room or an entry's size changes (a language switch, the
 * Bengali font arriving, a window resize) and whenever the entries change. A chunk of its own,
 * loaded after the first paint: until then the row shows every entry and scrolls.
 */
export default function RowFit({ row, onFit }: { row: RefObject<HTMLElement | null>; onFit: (fit: number) => void }) {
  useLayoutEffect(() => {
    const nav = row.current;
    const room = nav?.parentElement;
    if (!nav || !room || typeof ResizeObserver === 'undefined') return;
    const recount = () => {
      // Hidden (under 1100 px the row is not shown): nothing to count.
      if (room.clientWidth === 0) return;
      const widths = [...nav.children].map((c) => c.getBoundingClientRect().width + GAP_PX);
      onFit(fittingCount(widths, room.clientWidth));
    };
    const sizes = new ResizeObserver(recount);
    const observeAll = () => {
      sizes.disconnect();
      sizes.observe(room);
      for (const c of nav.children) sizes.observe(c);
    };
    const entries = new MutationObserver(() => {
      observeAll();
      recount();
    });
    entries.observe(nav, { childList: true });
    observeAll();
    recount();
    return () => {
      sizes.disconnect();
      entries.disconnect();
    };
  }, [row, onFit]);
  return null;
}
