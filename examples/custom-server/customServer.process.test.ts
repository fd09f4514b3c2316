/**
 * The example server, started the way the app starts any stdio server (McpService: the pool, our
 * stdio transport, the server environment), listed and called like the Tools tab and the CLI do.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildToolId } from '../../packages/desktop/app/main/services/capabilities/tools/mcp-users/common/toolIds';
import { makeService, textOf, waitNoStrayChildren, type Harness } from '../../packages/desktop/testing/McpService.testkit';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.mjs');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  expect(await waitNoStrayChildren()).toEqual([]);
});

/** The service the test started (addExample starts one). */
const svc = () => harness!.service;

async function addExample() {
  harness = makeService();
  // What the README tells a person to enter: transport stdio, command node, the script as the argument.
  const { server } = await svc().add({ name: 'example', type: 'stdio', config: { command: process.execPath, args: [SERVER] }, isActive: false });
  return server!;
}

function block<T extends string>(content: readonly { type: string }[], type: T) {
  const found = content.find((c) => c.type === type);
  expect(found, `a ${type} block`).toBeDefined();
  return found as { type: T; data: string; mimeType: string };
}

describe('examples/custom-server', () => {
  it('is publishable for npx -y: one bin, a node shebang, an executable file, the SDK and zod as dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(SERVER), 'package.json'), 'utf8'));
    expect(Object.values(pkg.bin)).toEqual(['server.mjs']);
    expect(pkg.files).toContain('server.mjs');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@modelcontextprotocol/sdk', 'zod']);
    expect(readFileSync(SERVER, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    expect(() => accessSync(SERVER, constants.X_OK)).not.toThrow();
  });

  it('lists its tools with object input schemas, descriptions and annotations', async () => {
    const server = await addExample();
    const tools = await svc().listServerTools(server.id);
    expect(tools.map((t) => t.name).sort()).toEqual(['greet', 'job_status', 'sample_audio', 'sample_image', 'start_report']);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.id).toBe(buildToolId('example', tool.name));
    }
    const greet = tools.find((t) => t.name === 'greet')!;
    expect(greet.title).toBe('Greet');
    expect(greet.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(greet.inputSchema).toMatchObject({ properties: { name: { type: 'string' } }, required: ['name'] });
    // The long job says how long to wait, in its description, for the model to read.
    expect(tools.find((t) => t.name === 'start_report')!.description).toMatch(/takes as many seconds as the seconds argument says \(10 by default\)/);
  });

  it('answers text, a valid PNG and a valid WAV', async () => {
    const server = await addExample();
    const greeting = await svc().callTool(server.id, 'greet', { name: 'Ada' });
    expect(greeting.isError).toBe(false);
    expect(textOf(greeting.content)).toBe('Hello, Ada!');

    const image = await svc().callTool(server.id, 'sample_image');
    const png = block(image.content, 'image');
    expect(png.mimeType).toBe('image/png');
    const bytes = Buffer.from(png.data, 'base64');
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([16, 16]);
    expect(bytes.toString('ascii', bytes.length - 8, bytes.length - 4)).toBe('IEND');

    const audio = await svc().callTool(server.id, 'sample_audio');
    const wav = Buffer.from(block(audio.content, 'audio').data, 'base64');
    expect(block(audio.content, 'audio').mimeType).toBe('audio/wav');
    expect([wav.toString('ascii', 0, 4), wav.toString('ascii', 8, 12)]).toEqual(['RIFF', 'WAVE']);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  });

  it('runs a long job as start + poll: each call answers at once', async () => {
    const server = await addExample();
    const started = await svc().callTool(server.id, 'start_report', { topic: 'tides', seconds: 0.5 });
    const { jobId, state } = started.structuredContent as { jobId: string; state: string };
    expect(state).toBe('running');
    const status = async () => (await svc().callTool(server.id, 'job_status', { jobId })).structuredContent as { state: string; report?: string };
    await expect.poll(status).toEqual({ jobId, state: 'done', report: 'Report on tides: finished after 0.5 s.' });
    const unknown = await svc().callTool(server.id, 'job_status', { jobId: 'nope' });
    expect(unknown.isError).toBe(true);
    // A bad argument is refused by the SDK's zod check before the handler runs.
    const invalid = await svc().callTool(server.id, 'start_report', { topic: '' });
    expect(invalid.isError).toBe(true);
  });
});
