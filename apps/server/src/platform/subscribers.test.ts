import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { Subscribers } from './subscribers';

// Two database handles stand for two apps in one process; the registry only uses them as keys.
const first = {} as Db;
const second = {} as Db;

describe('subscribers per database handle', () => {
  it('keeps each database its own subscribers, in subscription order, a name subscribed again replacing itself', () => {
    const subscribers = new Subscribers<'trash' | 'restore', string>();
    subscribers.add(first, 'trash', 'checkout.release-stock', 'release');
    subscribers.add(first, 'trash', 'payments.cancel-held', 'cancel');
    subscribers.add(first, 'trash', 'checkout.release-stock', 'release again');
    subscribers.add(second, 'restore', 'checkout.reserve-stock', 'reserve');
    expect([...subscribers.of(first, 'trash')]).toEqual(['release again', 'cancel']);
    expect([...subscribers.of(first, 'restore')]).toEqual([]);
    expect([...subscribers.of(second, 'trash')]).toEqual([]);
    expect([...subscribers.of(second, 'restore')]).toEqual(['reserve']);
  });
});
