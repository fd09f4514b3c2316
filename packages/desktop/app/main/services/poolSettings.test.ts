import { describe, expect, it } from 'vitest';
import { poolSettings } from './poolSettings';

describe('poolSettings', () => {
  it('takes a flag before the environment, and keeps the defaults for what is not given', () => {
    expect(poolSettings({}, {})).toEqual({});
    expect(poolSettings({}, { ELFTIA_CONNECT_CONCURRENCY: '8', ELFTIA_DOWNLOAD_TIMEOUT: '600' })).toEqual({ connectConcurrency: 8, downloadTimeoutMs: 600_000 });
    expect(poolSettings({ connectConcurrency: '2', downloadTimeout: '1.5' }, { ELFTIA_CONNECT_CONCURRENCY: '8' })).toEqual({ connectConcurrency: 2, downloadTimeoutMs: 1_500 });
  });

  it('refuses a bad value, naming where it came from', () => {
    expect(() => poolSettings({}, { ELFTIA_CONNECT_CONCURRENCY: '0' })).toThrow('ELFTIA_CONNECT_CONCURRENCY must be a whole number from 1 to 1000 (servers connecting at once), got "0"');
    expect(() => poolSettings({ connectConcurrency: '2.5' }, {}, { connectConcurrency: '--connect-concurrency', downloadTimeout: '--download-timeout' })).toThrow(
      /^--connect-concurrency must be a whole number/,
    );
    expect(() => poolSettings({}, { ELFTIA_DOWNLOAD_TIMEOUT: 'soon' })).toThrow('ELFTIA_DOWNLOAD_TIMEOUT must be a number of seconds above 0 (at most a day), got "soon"');
  });
});
