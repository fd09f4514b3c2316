import { describe, expect, it } from 'vitest';
import { hostNote } from '@shared/hostNotes';
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

  it('hides a long random token the server prints that no config names (a minted session key, a signed URL)', () => {
    const log = new McpServerLog(() => {});
    log.configure('s', {});
    log.append('s', 'stderr', 'issued key 9vQ2xR7mK1pZ8wE4tY6uI0oP3aS5dF7gH9jL2kZ4xC6v== for session 3f2a8b1c-9d4e-4f6a-8b2c-1d3e5f7a9b0c');
    expect(log.read('s')[0]?.line).toBe('issued key *** for session 3f2a8b1c-9d4e-4f6a-8b2c-1d3e5f7a9b0c');
  });
});

describe('McpServerLog host notes', () => {
  it('keeps a note as its English line and its code, both redacted, and sends the code to windows', () => {
    const sent: unknown[] = [];
    const log = new McpServerLog((line) => sent.push(line));
    log.configure('s', { args: ARGS });
    log.note('s', hostNote('TRANSPORT_ERROR', { error: 'bad key sk-123456' }));
    const [line] = log.read('s');
    expect(line).toMatchObject({ stream: 'host', line: 'Transport error: bad key ***', note: { code: 'TRANSPORT_ERROR', params: { error: 'bad key ***' } } });
    expect(sent).toEqual([line]);
  });
});
