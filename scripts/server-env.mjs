/**
 * The environment the server process starts with (`npm start`, and the benchmarks, which measure
 * it as `npm start` runs it): the caller's, plus `MALLOC_ARENA_MAX=2` (decision 0103) and `MALLOC_MMAP_THRESHOLD_` (0143) unless set.
 * glibc gives every thread that allocates its own memory arena; the server's helper threads (V8's
 * collector, libuv's pool) kept about 60 MB more resident under load that way. Two arenas keep it
 * near idle's. glibc reads the variable once, when the process starts, so it cannot be set from
 * inside the server.
 *
 * `MALLOC_MMAP_THRESHOLD_=131072` (decision 0143): blocks of 128 kB and more are mapped on their
 * own and given back to the system when freed. glibc's default starts there but raises the
 * threshold each time such a block is freed (up to 32 MB); after the start-up's large temporary
 * blocks (PGlite's 9 MB WebAssembly binary read into a buffer, V8's compilation zones for it, an
 * upload, a worker's spreadsheet) later large blocks went into the heap arenas, which give memory
 * back only from their top, and 30–45 MB stayed resident that nothing used. Fixing the value also
 * turns the dynamic adjustment off.
 */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}

/**
 * Node's options for the server process (decision 0135): V8's young generation capped at 4 MB a
 * semi-space (Node's default is 16 MB, and three of them made about 40 MB of the idle heap). V8
 * sizes it when the heap is made, so `v8.setFlagsFromString` in the server is too late (unlike
 * decision 0103's growing percent): the launchers pass it.
 */
export const serverNodeArgs = ['--max-semi-space-size=4'];
