import { describe, expect, it } from 'vitest';
import { hourInViewerZone } from './sourcing-time';

describe('an agent’s hours in the viewer’s time zone', () => {
  it('does not drift a minute when the clock is past :30 seconds', () => {
    const onTheMinute = new Date('2026-01-15T10:00:00Z');
    const late = new Date('2026-01-15T10:00:45Z');
    expect(hourInViewerZone('09:00', 'Europe/Berlin', 'en-GB', late)).toBe(
      hourInViewerZone('09:00', 'Europe/Berlin', 'en-GB', onTheMinute),
    );
    expect(hourInViewerZone('09:00', 'Europe/Berlin', 'en-GB', late)).toMatch(/:00$/);
  });
});
