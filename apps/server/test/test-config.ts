import type { Config } from '../src/config';

/** The configuration every test app starts from; a test overrides what it is about. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    // As in production: the database store on a PostgreSQL server, the disk with PGlite.
    fileStore: process.env.TEST_DATABASE_URL ? 'database' : 'disk',
    secretKey: 'test-secret-key-0123456789abcdef0123456789abcdef',
    mailFrom: 'Marketplace <no-reply@localhost>',
    logLevel: 'silent',
    trustProxy: false,
    webDist: '/nonexistent',
    bodyLimitBytes: 1_048_576,
    requestTimeoutMs: 30_000,
    sessionTtlSeconds: 3600,
    resetCodeAnswerMs: 0,
    // Tests register many accounts from one address; the throttling test sets its own limit.
    addressRequestsPerHour: 100_000,
    demoUser: { email: 'demo@example.com', password: 'demo12345' },
    operator: { email: 'operator@example.com', password: 'operator123' },
    ...overrides,
  };
}
