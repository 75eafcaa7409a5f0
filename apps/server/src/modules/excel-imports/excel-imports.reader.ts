import { Worker } from 'node:worker_threads';

/**
 * Reads a spreadsheet's first visible sheet in a worker thread (decision 0125), so that a hostile
 * file costs one bounded thread, never the server: its heap is capped, it is terminated after
 * `READ_LIMITS.seconds`, and it stops reading past the row and cell limits. Call it only after the
 * file store accepted the bytes (type by content, the zip-bomb check).
 */

export type CellValue = string | number | { date: string } | null;
export interface SheetRow {
  /** The row's number in the sheet (1-based), as the user sees it in their program. */
  row: number;
  cells: CellValue[];
}
export type ReadResult =
  | { ok: true; sheet: string; rows: SheetRow[] }
  | { ok: false; reason: 'no-sheet' | 'too-many-cells' | 'unreadable' | 'timeout' | 'memory' };

export const READ_LIMITS = {
  /** Data rows of one file (the header and a title above it not counted). */
  maxRows: 10_000,
  /** Columns read per row (the template has 14; anything to the right is ignored). */
  maxColumns: 40,
  /** Non-empty-trailing cells kept in all: 10,000 rows of 30 cells. */
  maxCells: 300_000,
  /** Rows looked at for the header row (a title or notes may stand above it). */
  scanRows: 20,
  seconds: 20,
  heapMb: 256,
};

/**
 * The worker's file: beside this module in the sources, and beside the bundle once built
 * (scripts/build-server.mjs copies it next to dist/main.mjs): `import.meta.url` is the one or the other.
 */
const WORKER = new URL('./excel-imports.worker.mjs', import.meta.url);

export function readSheet(bytes: Buffer, limits = READ_LIMITS): Promise<ReadResult> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes); // its own buffer, moved to the thread rather than copied again
    const worker = new Worker(WORKER, {
      workerData: { bytes: copy, limits },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let done = false;
    const finish = (result: ReadResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.seconds * 1000);
    worker.once('message', (m: ReadResult) => finish(m));
    worker.once('error', (err: Error & { code?: string }) =>
      finish({ ok: false, reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable' }),
    );
    worker.once('exit', () => finish({ ok: false, reason: 'unreadable' }));
  });
}
