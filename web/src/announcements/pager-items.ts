/** One place in a numbered pager: a page's number, or a gap standing for the pages left out. */
export type TPagerItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

/**
 * The places of a numbered pager (docs/0112, SPEC §9 "pager with 1 margin page and range 5"):
 * `margin` pages at each end, `range` pages around the current one (as centred as the ends allow),
 * and a gap where pages are left out; a gap of a single page shows that page instead.
 */
export function pagerItems(current: number, pages: number, margin: number, range: number): TPagerItem[] {
  if (pages <= 0) return [];
  const page = Math.min(Math.max(current, 1), pages);
  let from = page - Math.floor((range - 1) / 2);
  let to = from + range - 1;
  if (from < 1) {
    to += 1 - from;
    from = 1;
  }
  if (to > pages) {
    from = Math.max(1, from - (to - pages));
    to = pages;
  }
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, pages); p += 1) shown.add(p);
  for (let p = Math.max(1, pages - margin + 1); p <= pages; p += 1) shown.add(p);
  for (let p = from; p <= to; p += 1) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: TPagerItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ kind: 'gap', after: previous });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
}
