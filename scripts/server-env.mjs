/**
 * The environment the server process starts with (`npm start`, and the benchmarks, which measure
 * it as `npm start` runs it): the caller's, plus `MALLOC_ARENA_MAX=2` unless set (decision 0103).
 * glibc gives every thread that allocates its own memory arena; the server's helper threads (V8's
 * collector, libuv's pool) kept about 60 MB more resident under load that way. Two arenas keep it
 * near idle's. glibc reads the variable once, when the process starts, so it cannot be set from
 * inside the server.
 */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

/**
 * Node's options for the server process (decision 0135): V8's young generation capped at 4 MB a
 * semi-space (Node's default is 16 MB, and three of them made about 40 MB of the idle heap). V8
 * sizes it when the heap is made, so `v8.setFlagsFromString` in the server is too late (unlike
 * decision 0103's growing percent): the launchers pass it.
 */
export const serverNodeArgs = ['--max-semi-space-size=4'];
