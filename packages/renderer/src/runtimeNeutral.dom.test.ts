/**
 * The renderer shows redacted configs and provider previews with the very code the CLI and the
 * services use: the `common/` parts of Node-side features import nothing that needs Node.
 */
import { describe, expect, it } from 'vitest';
import { redactUrl } from '@mcp-common/redaction';
import { convertMcpToolsToAnthropic, convertMcpToolsToOpenAI } from '@mcp-common/toolConversion';
import { assignToolIds } from '@mcp-common/toolIds';

describe('runtime-neutral MCP code in the browser', () => {
  it('masks the password and query values of a server URL', () => {
    expect(redactUrl('https://me:hunter2@example.com/mcp?api_key=abc')).toBe('https://me:***@example.com/mcp?api_key=***');
  });

  it('builds tool ids and converts a tool schema for a provider preview', () => {
    const { tools } = assignToolIds([
      {
        id: '',
        name: '检索',
        description: 'Searches.',
        serverId: 's1',
        serverName: 'My Server',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      },
    ]);
    expect(tools[0]?.id).toBe('mcp__My_Server_____11b0e51e');

    const openai = convertMcpToolsToOpenAI(tools, { strict: true });
    expect(openai.warnings).toEqual([]);
    expect(openai.tools[0]?.function).toEqual({
      name: 'mcp__My_Server_____11b0e51e',
      description: 'Searches.',
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
      strict: true,
    });
    expect(convertMcpToolsToAnthropic(tools).tools[0]?.input_schema).toMatchObject({ type: 'object', required: ['q'] });
  });
});
