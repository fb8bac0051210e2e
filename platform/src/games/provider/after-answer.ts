/**
 * Work a game call goes on with after it answered (docs/0088): the rollback of a stake whose answer
 * did not come before the caller's deadline, the win of a round whose stake was taken. Each reuses
 * its round's transaction ids, so it moves money at most once whoever finishes it; one that fails is
 * left to the games' sweep (its round stays 'open' or 'placed'), and it is logged.
 */
const running = new Set<Promise<void>>();

/** Starts `work` without waiting for it. */
export function afterAnswer(what: string, work: () => Promise<unknown>): void {
  const done: Promise<void> = work().then(
    () => undefined,
    (error: unknown) => console.error(`${what}: left for the games' sweep (${(error as Error).message})`),
  );
  running.add(done);
  void done.finally(() => running.delete(done));
}

/** Resolves once the work started so far (and any it started) has ended: tests read the money after it. */
export async function afterAnswerDone(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
