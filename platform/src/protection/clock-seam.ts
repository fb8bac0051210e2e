import fs from 'node:fs';

/**
 * The protection clock's test seam (docs/0104), for the Playwright journeys only. With
 * PROTECTION_CLOCK_FILE set, the time protection decisions read (session limits, reality checks,
 * the loss and stake windows) is the platform's clock plus the milliseconds written in that file, so
 * a journey can let a reality check fall due without waiting 15 minutes. Nothing else moves: the
 * ledger, sessions, signatures and call deadlines keep the real clock. A production start refuses it.
 */
let offsetFile: string | null = null;

export function armProtectionClockSeam(settings: { file: string | undefined; nodeEnv: string | undefined }): void {
  if (settings.file === undefined) return;
  if (settings.nodeEnv === 'production') {
    throw new Error(
      'PROTECTION_CLOCK_FILE is set while NODE_ENV is production: it lets a file move the time of protection decisions, so a production start refuses it.',
    );
  }
  offsetFile = settings.file;
}

function offsetMs(): number {
  if (offsetFile === null) return 0;
  try {
    return Math.max(0, Math.floor(Number(fs.readFileSync(offsetFile, 'utf8').trim())) || 0);
  } catch {
    return 0;
  }
}

/** Now, for a protection decision: the platform's clock (plus the seam's offset in a journey). */
export function protectionNow(clock: () => Date): Date {
  const now = clock();
  return offsetFile === null ? now : new Date(now.getTime() + offsetMs());
}
