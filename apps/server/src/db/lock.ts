import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory; a second one would lose data silently. The
 * server takes this lock before opening the directory and refuses to start when a live process
 * holds it. A lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The data directory ${dataDir} is in use by another server process (pid ${holder}). ` +
          'Stop it first, or use another DATA_DIR.',
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
