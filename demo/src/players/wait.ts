/** Waits on the game's own timeline (a draw's close, a crash round's phases): the script is a tool, not a test. */
export const waitMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** An element of `list`, small indexes far likelier (index ∝ r²), as the slot's bets per line. */
export function pickSmallish<T>(list: readonly T[], random: () => number): T | null {
  if (list.length === 0) return null;
  const r = random();
  return list[Math.floor(r * r * list.length)]!;
}
