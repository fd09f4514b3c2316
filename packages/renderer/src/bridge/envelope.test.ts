import { describe, expect, it } from 'vitest';
import { parseEventData, toEventEnvelope, toResult } from './envelope';

const record = { id: 'a', name: 'files', type: 'stdio', config: { command: 'npx' } };

describe('toResult', () => {
  it('parses success data with the route output schema, applying contract defaults', () => {
    const result = toResult('mcp.list', { ok: true, data: [record] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data[0]).toMatchObject({ name: 'files', isActive: true, scope: 'user', disabledTools: [] });
  });

  it('passes a well-formed error envelope through unchanged', () => {
    const error = { code: 'DUPLICATE_NAME', message: 'dup', data: { name: 'files' } };
    expect(toResult('mcp.add', { ok: false, error })).toEqual({ ok: false, error });
  });

  it('turns data that breaks the contract into INTERNAL', () => {
    const result = toResult('mcp.list', { ok: true, data: [{ name: 'no id' }] });
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', data: { route: 'mcp.list' } } });
  });

  it('turns an unknown error code into INTERNAL but keeps the message', () => {
    const result = toResult('mcp.list', { ok: false, error: { code: 'FROM_THE_FUTURE', message: 'new host' } });
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'new host', data: { route: 'mcp.list' } } });
  });

  it.each([null, 'text', [], { data: [] }, { ok: 'yes' }])('rejects a malformed body %j as INTERNAL', (body) => {
    expect(toResult('mcp.list', body)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});

describe('event envelopes', () => {
  it('accepts a known event with a valid payload', () => {
    expect(parseEventData('{"event":"mcp.servers_changed","payload":{"reason":"added","id":"x"}}')).toEqual({
      event: 'mcp.servers_changed',
      payload: { reason: 'added', id: 'x' },
    });
  });

  it.each([
    ['not json', '{oops'],
    ['unknown event', '{"event":"mcp.nope","payload":{}}'],
    ['invalid payload', '{"event":"mcp.servers_changed","payload":{"reason":"exploded"}}'],
    ['no event name', '{"payload":{}}'],
  ])('drops %s', (_label, text) => {
    expect(parseEventData(text)).toBeUndefined();
  });

  it('does not treat inherited property names as events', () => {
    expect(toEventEnvelope({ event: 'toString', payload: {} })).toBeUndefined();
  });
});
