import fs from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds the data folder (STACK.md: PGlite has no lock between processes). */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`data folder ${dataDir} is in use by process ${pid}; stop it or choose another PLATFORM_DATA_DIR`);
    this.name = 'DataFolderInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Path of the lock file that guards a data folder. */
export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'platform.lock');
}

/**
 * Takes the exclusive lock on a data folder: creates the lock file with `wx` and our pid. A lock
 * held by a live process is refused; a stale one (dead pid) is taken over. Returns the release.
 */
export function acquireDataFolderLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = NaN;
    try {
      holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    } catch {
      // Vanished between our attempts: try again.
      continue;
    }
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DataFolderInUseError(dataDir, holder);
    // Stale lock (dead or unreadable pid): remove it and try again with `wx`, so two racing
    // takers still end with exactly one owner.
    try {
      fs.unlinkSync(file);
    } catch {
      // Someone else removed it first.
    }
  }
  throw new Error(`could not take the lock on data folder ${dataDir}`);
}
