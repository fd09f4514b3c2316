import { expect, it } from 'vitest';
import { serverInfoLabel } from './serverInfoLabel';

it('joins only the parts of serverInfo that say something', () => {
  expect(serverInfoLabel({ name: 'mcp-servers/everything', version: '2.0.0' })).toBe('mcp-servers/everything 2.0.0');
  expect(serverInfoLabel({ name: 'memory', version: '' })).toBe('memory');
  expect(serverInfoLabel({ name: ' ', version: '1.0' })).toBe('1.0');
  expect(serverInfoLabel({ name: '', version: '  ' })).toBeUndefined();
  expect(serverInfoLabel(undefined)).toBeUndefined();
});
