/**
 * The environment the server process starts with (`npm start`, and the benchmarks, which measure
 * it as `npm start` runs it): the caller's, plus `MALLOC_ARENA_MAX=2` (decision 0103) and `MALLOC_MMAP_THRESHOLD_` (0143) unless set.
 * glibc gives every thread that allocates its own memory arena; the server's helper threads (V8's
 * collector, libuv's pool) kept about 60 MB more resident under load that way. Two arenas keep it
 * near idle's. glibc reads the variable once, when the process starts, so it cannot be set from
 * inside the server.
 *
 * `MALLOC_MMAP_THRESHOLD_=32768` (decisions 0143, 0146): blocks of 32 kB and more are mapped on
 * their own and given back to the system when freed. glibc's default starts there but raises the
 * threshold each time such a block is freed (up to 32 MB); after the start-up's large temporary
 * blocks (PGlite's 9 MB WebAssembly binary read into a buffer, V8's compilation zones for it, an
 * upload, a worker's spreadsheet) later large blocks went into the heap arenas, which give memory
 * back only from their top, and 30–45 MB stayed resident that nothing used. Fixing the value also
 * turns the dynamic adjustment off. 32 kB rather than 128 kB (decision 0146): V8 compiles
 * PGlite's WebAssembly (at start, and again as its hot functions move up a tier) in zones of
 * 32 kB segments, 90 MB of them at the peak; below 128 kB they went into the heap and stayed
 * resident once freed (about 50 MB of `[heap]` at idle), mapped on their own they go back.
 */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768', ...env };
}

/**
 * Node's options for the server process (decision 0135): V8's young generation capped at 4 MB a
 * semi-space (Node's default is 16 MB, and three of them made about 40 MB of the idle heap). V8
 * sizes it when the heap is made, so `v8.setFlagsFromString` in the server is too late (unlike
 * decision 0103's growing percent): the launchers pass it.
 */
export const serverNodeArgs = ['--max-semi-space-size=4'];
