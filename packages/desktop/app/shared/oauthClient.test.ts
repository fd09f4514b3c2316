/** The rules of `config.oauth`, as the form, the router and the CLI get them from McpServerInputSchema. */
import { describe, expect, it } from 'vitest';
import { McpServerInputSchema } from './contracts/mcp-types';

const PEM = '-----BEGIN PRIVATE KEY-----\nMIG...\n-----END PRIVATE KEY-----';
const issuesOf = (oauth: Record<string, string>) => {
  const parsed = McpServerInputSchema.safeParse({ name: 'm2m', type: 'http', config: { url: 'https://mcp.example/mcp', oauth } });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('config.oauth', () => {
  it('accepts a browser client, a machine client with a secret, and one with a key', () => {
    expect(issuesOf({ clientId: 'a', clientSecret: 's' })).toEqual([]);
    expect(issuesOf({ grant: 'client_credentials', clientId: 'a', clientSecret: 's' })).toEqual([]);
    expect(issuesOf({ grant: 'client_credentials', clientId: 'a', privateKey: PEM, signingAlg: 'ES256' })).toEqual([]);
  });

  it('names the field to fix', () => {
    expect(issuesOf({ grant: 'client_credentials' })).toEqual([
      'config.oauth.clientId: Client credentials need a client id',
      'config.oauth.clientSecret: Client credentials need a client secret or a private key',
    ]);
    expect(issuesOf({ grant: 'client_credentials', clientId: 'a', clientSecret: 's', privateKey: PEM, signingAlg: 'RS256' })).toEqual([
      'config.oauth.privateKey: Give a client secret or a private key, not both',
    ]);
    expect(issuesOf({ clientId: 'a', privateKey: PEM, signingAlg: 'RS256' })).toEqual(['config.oauth.privateKey: A private key is used only with the client_credentials grant']);
    expect(issuesOf({ grant: 'client_credentials', clientId: 'a', privateKey: PEM })).toEqual(['config.oauth.signingAlg: A private key needs its signing algorithm (ES256 or RS256)']);
    expect(issuesOf({ clientId: 'a', signingAlg: 'ES256' })).toEqual(['config.oauth.signingAlg: A signing algorithm goes with a private key']);
    expect(issuesOf({ grant: 'password', clientId: 'a' })[0]).toMatch(/^config\.oauth\.grant: /);
  });
});
