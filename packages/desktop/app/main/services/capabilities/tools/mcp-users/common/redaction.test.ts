import { describe, expect, it } from 'vitest';
import { isCredentialHeader, maskSecrets, REDACTED, redactArgs, redactUrl, restoreMaskedSecrets, secretArgValues, secretRedactor } from './redaction';

const ARGS = ['-y', '@scope/server', '--api-key', 'sk-123456', '--token=abcdef', 'GITHUB_TOKEN=ghp_123456', '--port', '3000', 'postgres://u:pw1234@db/x?sslkey=k'];

describe('credential arguments', () => {
  it('hides credentials passed as arguments, and nothing else', () => {
    expect(redactArgs(ARGS, '***')).toEqual([
      '-y',
      '@scope/server',
      '--api-key',
      '***',
      '--token=***',
      'GITHUB_TOKEN=***',
      '--port',
      '3000',
      'postgres://u:***@db/x?sslkey=***',
    ]);
    expect(redactArgs(['--auth', '--verbose'], '***')).toEqual(['--auth', '--verbose']);
  });

  it('hides URL passwords and query values, leaves other URLs alone', () => {
    // As written: each value masked where it stands, nothing else of the URL rewritten.
    expect(redactUrl('https://me:tok@example.com/mcp?api_key=abc&api_key=def&v=2', '***')).toBe('https://me:***@example.com/mcp?api_key=***&api_key=***&v=***');
    expect(redactUrl('https://example.com/mcp?flag&k=&x=1#frag=2', '***')).toBe('https://example.com/mcp?flag&k=***&x=***#frag=2');
    expect(redactUrl('http://127.0.0.1:3000/mcp', '***')).toBe('http://127.0.0.1:3000/mcp');
    expect(redactUrl('not a url', '***')).toBe('not a url');
  });

  it.each([
    [['-H', 'Authorization: Bearer abc.def-123'], ['-H', 'Authorization: Bearer ***']],
    [['--header=X-Api-Key: k-123456'], ['--header=X-Api-Key: ***']],
    [['--header', 'X-Trace: Bearer abc.def-123 rest'], ['--header', 'X-Trace: Bearer *** rest']],
    [['--url=https://h/mcp?api_key=abc&v=2'], ['--url=https://h/mcp?api_key=***&v=***']],
    [['--token', 'sk-two-args'], ['--token', '***']],
    [['serve', 'ghp_9vQ2xR7mK1pZ8wE4tY6uI0oP3aS5dF7gH9jL'], ['serve', '***']],
    [['--root', '/home/someone/project-2025', '--port=3000', 'X-Team: core'], ['--root', '/home/someone/project-2025', '--port=3000', 'X-Team: core']],
  ])('finds the credential in %j', (args, masked) => {
    expect(redactArgs(args, '***')).toEqual(masked);
  });

  it('lists the secret values, so the server log can hide them when a server echoes its arguments', () => {
    expect(secretArgValues(ARGS)).toEqual(['sk-123456', 'abcdef', 'ghp_123456', 'pw1234', 'k']);
  });
});

describe('malformed escapes', () => {
  const MALFORMED = [
    'postgresql://user:50%off@host/db',
    'postgresql://user:%E0%A4%A@host/db?token=%zz',
    'https://me:%@example.com/?k=%',
    'mysql://root:100%@db:3306/x',
    '%',
    '--password=%E0%A4%A',
  ];

  it('never throws on a % that is not an escape, and still hides the password', () => {
    expect(() => secretArgValues(MALFORMED)).not.toThrow();
    expect(secretArgValues(['postgresql://user:50%off@host/db'])).toContain('50%off');
    expect(redactArgs(['postgresql://user:50%off@host/db'])).toEqual(['postgresql://user:***@host/db']);
    expect(() => redactArgs(MALFORMED)).not.toThrow();
    for (const url of MALFORMED) expect(() => redactUrl(url)).not.toThrow();
  });
});

describe('masking for clients and restoring what comes back', () => {
  const stored = {
    command: 'npx',
    args: ['--api-key', 'sk-123456', '--token=abcdef', 'https://u:pw@h/x?k=1&k=2'],
    env: { A: 'a-secret', B: 'b-secret' },
    headers: { Authorization: 'Bearer t', 'X-Team': 'core' },
    url: 'https://me:pass@example.com/mcp?key=k1',
  };

  it('keeps names, masks values, hides credentials in args and url; other fields untouched', () => {
    expect(maskSecrets(stored)).toEqual({
      command: 'npx',
      args: ['--api-key', '***', '--token=***', 'https://u:***@h/x?k=***&k=***'],
      env: { A: '***', B: '***' },
      headers: { Authorization: '***', 'X-Team': '***' },
      url: 'https://me:***@example.com/mcp?key=***',
    });
    expect(maskSecrets(stored, { showHeader: (name) => !isCredentialHeader(name) }).headers).toEqual({ Authorization: '***', 'X-Team': 'core' });
  });

  it('restores every mask sent back unchanged, and nothing that was edited', () => {
    expect(restoreMaskedSecrets(stored, maskSecrets(stored))).toEqual(stored);
    const edited = { ...maskSecrets(stored), env: { A: '***', B: 'typed', C: '***' } };
    expect(restoreMaskedSecrets(stored, edited).env).toEqual({ A: 'a-secret', B: 'typed', C: '***' });
  });

  it('masks a machine client\'s secret or private key (never its id, grant or algorithm), restores them, and hides them in log lines', () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----';
    const machine = { oauth: { grant: 'client_credentials' as const, clientId: 'svc', privateKey: key, signingAlg: 'ES256' as const } };
    expect(maskSecrets(machine).oauth).toEqual({ grant: 'client_credentials', clientId: 'svc', privateKey: REDACTED, signingAlg: 'ES256' });
    expect(restoreMaskedSecrets(machine, maskSecrets(machine))).toEqual(machine);
    const both = { oauth: { clientId: 'svc', clientSecret: 'sec-123456', privateKey: key } };
    expect(restoreMaskedSecrets(both, maskSecrets(both))).toEqual(both);
    expect(secretRedactor(machine)(`the server refused ${key} here`)).toBe(`the server refused ${REDACTED} here`);
  });

  it('restores a masked argument that moved, when it stands for one stored argument', () => {
    const moved = ['--verbose', '--token=***', '--api-key', 'sk-new'];
    expect(restoreMaskedSecrets(stored, { args: moved }).args).toEqual(['--verbose', '--token=abcdef', '--api-key', 'sk-new']);
  });

  it.each(['Authorization', 'Proxy-Authorization', 'Cookie', 'X-Api-Key', 'x-auth-token', 'Client-Secret'])('%s carries a credential', (name) => {
    expect(isCredentialHeader(name)).toBe(true);
  });

  it.each(['Accept', 'X-Team', 'User-Agent', 'Mcp-Protocol-Version'])('%s does not', (name) => {
    expect(isCredentialHeader(name)).toBe(false);
  });
});

describe('long random tokens in a log line', () => {
  const redact = secretRedactor({});

  it.each([
    ['base64', 'uploading with 9vQ2xR7mK1pZ8wE4tY6uI0oP3aS5dF7gH9jL2kZ4xC6v== now'],
    ['base64url', 'session kX8_2mQpL7-vR4tZ9wY1bN6cJ3hF0dS5aG8eK2uI7oP4 opened'],
    ['hex', 'signed 3f9a2c7e1b8d4f6a0c5e9b2d7f1a3c8e6b4d0f2a done'],
    ['a JWT', 'got eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkFkYSJ9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c back'],
  ])('redacts a %s token that is in no config', (_kind, line) => {
    const out = redact(line);
    expect(out).toContain(REDACTED);
    expect(out).not.toMatch(/[A-Za-z0-9+/_-]{24,}/);
  });

  it.each([
    'listening on http://127.0.0.1:3000/mcp',
    'loaded /home/someone/.cache/elftia-test-abc123/mcp-config.json',
    'package @modelcontextprotocol/server-everything@2025.11.25 started',
    'request 3f2a8b1c-9d4e-4f6a-8b2c-1d3e5f7a9b0c done',
    'ThisIsAVeryLongIdentifierNameWithoutDigits is not a token',
  ])('leaves ordinary text alone: %s', (line) => {
    expect(redact(line)).toBe(line);
  });
});
