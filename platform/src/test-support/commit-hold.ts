/**
 * The commit seam of docs/0078 as tests hold it: `beforeCommit` goes to buildPlatform; after
 * `holdNext()` the next deadline check waits — `reached` resolves when it does, `release()` lets it
 * go on. Nothing waits on time.
 */
export function commitHold() {
  let hold: { reached: () => void; release: Promise<void> } | null = null;
  return {
    beforeCommit: async (): Promise<void> => {
      const held = hold;
      hold = null;
      if (!held) return;
      held.reached();
      await held.release;
    },
    holdNext: (): { reached: Promise<void>; release: () => void } => {
      let release!: () => void;
      let reached!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: reachedPromise, release };
    },
  };
}
