import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes: two servers on one DATA_DIR silently lose writes.
 * The lock file is created exclusively and names the holder; a file left by a dead process
 * (crash, kill -9) is taken over, a live holder is refused with a clear message.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'ridgeline.lock');
  const me: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const holder = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
          if (holder.pid === me.pid && holder.host === me.host) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: LockInfo | undefined;
      try {
        holder = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
      } catch {
        holder = undefined;
      }
      if (holder && holder.host === me.host && holder.pid !== me.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Ridgeline server (pid ${holder.pid}, started ${holder.startedAt}). ` +
            'The embedded database allows one process at a time: stop that server, use another DATA_DIR, ' +
            'or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first; retry the exclusive create
      }
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: another process keeps taking the lock.`);
}
