import { describe, expect, it } from 'vitest';
import { logInLines } from './start-banner';

const demo = { email: 'demo@example.com', password: 'demo12345' };

describe('the log-ins printed last at start', () => {
  it('first start: both log-ins, the operator with the password just made', () => {
    const text = logInLines(
      { demo, operator: { email: 'operator@example.com', password: 'cTL3i8qFuY51', created: true } },
      'pglite',
    );
    expect(text).toContain('Demo store owner: demo@example.com / demo12345');
    expect(text).toContain('Operator:         operator@example.com / cTL3i8qFuY51');
    expect(text.trim().split('\n').at(-1)).toMatch(/^ *─+$/);
  });

  it('later starts: no stale password, but the command that makes a new one', () => {
    const text = logInLines(
      { demo, operator: { email: 'operator@example.com', password: 'from-OPERATOR_PASSWORD', created: false } },
      'pglite',
    );
    expect(text).not.toContain('from-OPERATOR_PASSWORD');
    expect(text).toContain('stop the server, then run `npm run operator-password`');
    expect(logInLines({ demo, operator: { email: 'operator@example.com', created: false } }, 'postgres')).toContain(
      'a new one: run `npm run operator-password`',
    );
  });
});
