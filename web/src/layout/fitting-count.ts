/** Room kept for the "more" entry when some entries do not fit (its word and a chevron). */
export const MORE_ENTRY_PX = 96;

/**
 * How many of the entries, in order, fit in `room` pixels: all of them, or as many as fit beside the
 * "more" entry that lists the rest.
 */
export function fittingCount(widths: readonly number[], room: number, reserve = MORE_ENTRY_PX): number {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= room) return widths.length;
  let used = 0;
  let k = 0;
  while (k < widths.length && used + widths[k]! + reserve <= room) used += widths[k++]!;
  return k;
}
