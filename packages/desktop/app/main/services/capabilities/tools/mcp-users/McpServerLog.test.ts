import { describe, expect, it } from 'vitest';
import { McpServerLog } from './McpServerLog';

const ARGS = ['-y', '@scope/server', '--api-key', 'sk-123456', '--token=abcdef', 'GITHUB_TOKEN=ghp_123456', '--port', '3000', 'postgres://u:pw1234@db/x?sslkey=k'];

describe('McpServerLog redaction', () => {
  it('hides credential arguments a server echoes to stderr', () => {
    const log = new McpServerLog(() => {});
    log.configure('s', { args: ARGS });
    log.append('s', 'stderr', 'starting with key sk-123456 and db password pw1234');
    expect(log.read('s')[0]?.line).toBe('starting with key *** and db password ***');
  });

  it('binds to a server whose arguments hold a % that is not an escape, and still hides the password', () => {
    const MALFORMED = ['postgresql://user:50%off@host/db', '--password=%E0%A4%A'];
    const log = new McpServerLog(() => {});
    expect(() => log.configure('s', { args: MALFORMED, env: { DATABASE_URL: MALFORMED[0]! } })).not.toThrow();
    log.append('s', 'stderr', 'connecting to postgresql://user:50%off@host/db');
    expect(log.read('s')[0]?.line).not.toContain('50%off');
  });
});
