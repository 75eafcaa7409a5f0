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
