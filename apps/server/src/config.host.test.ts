import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { SECRET_KEY: 'x'.repeat(32), DATA_DIR: '/tmp/config-host-test' };

describe('HOST', () => {
  it('defaults to 127.0.0.1: the demo log-ins are well known, so only this machine reaches it', () => {
    expect(loadConfig(base).host).toBe('127.0.0.1');
  });

  it('listens where HOST says, e.g. every interface', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('DATA_DIR', () => {
  it('a relative DATA_DIR is read from the folder npm was run in, also for a workspace script', () => {
    const env = { SECRET_KEY: 'x'.repeat(32), DATA_DIR: './demo-data', INIT_CWD: '/srv/market' };
    expect(loadConfig(env).dataDir).toBe('/srv/market/demo-data');
  });
});
