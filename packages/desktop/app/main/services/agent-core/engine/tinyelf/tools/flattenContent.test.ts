import { describe, expect, it } from 'vitest';
import { flattenContent } from './flattenContent';

describe('flattenContent', () => {
  it.each([
    ['text as is', [{ type: 'text', text: 'hello' }], 'hello'],
    ['image placeholder', [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }], '[Image: image/png]'],
    ['audio placeholder', [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }], '[Audio: audio/wav]'],
    ['resource link', [{ type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' }], '[Resource: a.txt <file:///a.txt>]'],
    ['resource link prefers its title', [{ type: 'resource_link', uri: 'file:///a', name: 'a', title: 'The A' }], '[Resource: The A <file:///a>]'],
    ['embedded text resource', [{ type: 'resource', resource: { uri: 'fixture://readme', mimeType: 'text/plain', text: 'Readme' } }], 'Readme'],
    ['embedded blob resource', [{ type: 'resource', resource: { uri: 'file:///x.pdf', mimeType: 'application/pdf', blob: 'JVBE' } }], '[Resource: file:///x.pdf (application/pdf)]'],
    ['unknown type', [{ type: 'hologram', data: 1 }], '[hologram content]'],
    ['missing fields do not throw', [{ type: 'image' }, { type: 'text' }, { type: 'resource' }], '[Image: unknown]\n\n[Resource: unknown (unknown type)]'],
    ['nothing', [], ''],
  ])('%s', (_, content, expected) => {
    expect(flattenContent(content)).toBe(expected);
  });

  it('joins blocks with newlines, in order', () => {
    const content = [
      { type: 'text', text: 'Here is the chart:' },
      { type: 'image', data: 'AAAA', mimeType: 'image/jpeg' },
      { type: 'text', text: 'done' },
    ];
    expect(flattenContent(content)).toBe('Here is the chart:\n[Image: image/jpeg]\ndone');
  });
});
