/**
 * The session bookkeeping both OAuth providers share: what each invalidation forgets, and when a
 * token counts as running out. Both providers differ only in what they build on it (the machine
 * grant keeps a person's PKCE verifier, and renews with no refresh token).
 */
import { describe, expect, it } from 'vitest';
import { ClientCredentialsAuthProvider } from './clientCredentials';
import { ElftiaOAuthProvider } from './ElftiaOAuthProvider';
import { OAuthSessionSlot } from './oauthSessionSlot';
import type { OAuthSession, OAuthSessionStore } from './oauthSessionStore';

const URL_ = 'https://mcp.example/mcp';

function memoryStore(initial: OAuthSession): OAuthSessionStore {
  let session = initial;
  return { load: () => session, update: (_url, change) => void (session = change(session)), forget: () => void (session = {}) };
}

const full = (): OAuthSession => ({
  tokens: { access_token: 'at', token_type: 'Bearer' },
  client: { client_id: 'c' },
  codeVerifier: 'v',
  discovery: { authorizationServerUrl: 'https://as.example' },
  requiredScope: 'a b',
});

describe('OAuthSessionSlot', () => {
  it('forgets exactly the kind asked for, and everything for "all"', () => {
    for (const [kind, key] of [['client', 'client'], ['tokens', 'tokens'], ['verifier', 'codeVerifier'], ['discovery', 'discovery']] as const) {
      const slot = new OAuthSessionSlot(memoryStore(full()), URL_);
      slot.invalidate(kind);
      expect(slot.session[key], kind).toBeUndefined();
      expect(Object.values(slot.session).filter((v) => v !== undefined), kind).toHaveLength(4);
    }
    const slot = new OAuthSessionSlot(memoryStore(full()), URL_);
    slot.invalidate('all');
    expect(slot.session).toEqual({});
  });

  it('stamps tokens with their end on its clock and renews within a minute, or half the lifetime of a short one', () => {
    let now = 1_000_000;
    const slot = new OAuthSessionSlot(memoryStore({}), URL_, () => now);
    const hour = slot.stamped({ access_token: 'at', token_type: 'Bearer', expires_in: 3600 });
    expect(hour.expires_at).toBe(1_000_000 + 3_600_000);
    expect(slot.stamped({ access_token: 'at', token_type: 'Bearer' })).not.toHaveProperty('expires_at');
    now += 3_600_000 - 60_001;
    expect(slot.expiresSoon(hour)).toBe(false);
    now += 1;
    expect(slot.expiresSoon(hour)).toBe(true);
    const short = slot.stamped({ access_token: 'at', token_type: 'Bearer', expires_in: 30 });
    now += 14_999;
    expect(slot.expiresSoon(short)).toBe(false);
    now += 1;
    expect(slot.expiresSoon(short)).toBe(true);
    expect(slot.expiresSoon({ access_token: 'at', token_type: 'Bearer' })).toBe(false);
  });
});

describe('what the providers build on it', () => {
  it('a person\'s sign-in forgets its verifier; the machine grant leaves one a sign-in to the same URL saved', () => {
    const person = memoryStore(full());
    new ElftiaOAuthProvider({ serverUrl: URL_, store: person }).invalidateCredentials('verifier');
    expect(person.load(URL_).codeVerifier).toBeUndefined();
    const machine = memoryStore(full());
    new ClientCredentialsAuthProvider(URL_, machine, { clientId: 'm', clientSecret: 's' }).invalidateCredentials('verifier');
    expect(machine.load(URL_)).toEqual(full());
  });

  it('a token with no end: the sign-in never refreshes it, the machine grant fetches one only when there is none', () => {
    const tokens = { access_token: 'at', token_type: 'Bearer', refresh_token: 'rt' };
    expect(new ElftiaOAuthProvider({ serverUrl: URL_, store: memoryStore({ tokens }) }).needsRefresh()).toBe(false);
    expect(new ClientCredentialsAuthProvider(URL_, memoryStore({ tokens }), { clientId: 'm', clientSecret: 's' }).needsRefresh()).toBe(false);
    expect(new ClientCredentialsAuthProvider(URL_, memoryStore({}), { clientId: 'm', clientSecret: 's' }).needsRefresh()).toBe(true);
    // Running out, but no refresh token: a person's token can only be renewed by signing in again.
    const { refresh_token: _none, ...noRefresh } = tokens;
    expect(new ElftiaOAuthProvider({ serverUrl: URL_, store: memoryStore({ tokens: { ...noRefresh, expires_at: 0 } }) }).needsRefresh()).toBe(false);
  });
});
