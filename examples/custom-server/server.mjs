#!/usr/bin/env node
/**
 * A minimal stdio MCP server for Elftia MCP (and any other MCP client): text, an image, audio,
 * annotations, and the job-id pattern for work longer than a client's call timeout.
 *
 * Tools are registered with McpServer.registerTool and zod shapes: the SDK builds each tool's
 * `inputSchema` (always `type: "object"`) from the shape and validates arguments before the
 * handler runs. Run it with `node server.mjs`; it speaks JSON-RPC on stdin/stdout, so anything
 * meant for a person goes to stderr.
 */
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

/** A 16×16 PNG (a white cross on blue), small enough to embed. */
export const EXAMPLE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAWklEQVR42mOQc1hPEmKQc1j/Hwysm77hQRA1KBrw6IErgGpAFsKj2rrpG0IDLj1ogigaMKUxjUDXgKwIq4VYNKDpQZOihgbSnESap0kLVtIijuSkQXLiIwkBAD447iBJqZmjAAAAAElFTkSuQmCC';

/** A 0.1 s, 8 kHz, 16-bit mono WAV of a 440 Hz tone, built at start (a WAV is a 44-byte header and samples). */
export function toneWav(seconds = 0.1, hz = 440, rate = 8000) {
  const samples = Math.round(seconds * rate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28); // bytes per second
  buf.writeUInt16LE(2, 32); // bytes per sample frame
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buf.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2);
  return buf;
}

const server = new McpServer({ name: 'elftia-example-server', version: '1.0.0' });

server.registerTool(
  'greet',
  {
    title: 'Greet',
    description: 'Says hello to someone by name. Use it to check that the server answers.',
    inputSchema: { name: z.string().min(1).describe('Who to greet') },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  async ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] }),
);

server.registerTool(
  'sample_image',
  {
    title: 'Sample image',
    description: 'Returns a 16×16 PNG image (a white cross on blue) and a line describing it.',
    inputSchema: {},
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  async () => ({
    content: [
      { type: 'image', data: EXAMPLE_PNG_BASE64, mimeType: 'image/png' },
      { type: 'text', text: 'A 16×16 PNG: a white cross on a blue square.' },
    ],
  }),
);

server.registerTool(
  'sample_audio',
  {
    title: 'Sample audio',
    description: 'Returns a 0.1 second 440 Hz tone as a WAV clip.',
    inputSchema: {},
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  async () => ({ content: [{ type: 'audio', data: toneWav().toString('base64'), mimeType: 'audio/wav' }] }),
);

/*
 * Work longer than the client's call timeout (Elftia: 120 s unless the server's timeoutMs says
 * otherwise) must not run inside one tools/call. start_report answers at once with a job id and
 * job_status reports on it; the descriptions say how long to wait so a model polls sensibly.
 */
const jobs = new Map();
const MAX_JOBS = 100;

server.registerTool(
  'start_report',
  {
    title: 'Start a report',
    description:
      'Starts writing a report about a topic and returns a job id at once. The report takes as many seconds as the ' +
      'seconds argument says (10 by default). Then call job_status with the job id every few seconds until its state is "done".',
    inputSchema: {
      topic: z.string().min(1).describe('What the report is about'),
      seconds: z.number().min(0).max(600).default(10).describe('How long the job runs, in seconds'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  async ({ topic, seconds }) => {
    // Forget the oldest job first: a long-lived server must not grow without bound.
    if (jobs.size >= MAX_JOBS) jobs.delete(jobs.keys().next().value);
    const id = randomUUID();
    const job = { state: 'running', topic, startedAt: Date.now(), seconds, result: undefined };
    jobs.set(id, job);
    setTimeout(() => {
      job.state = 'done';
      job.result = `Report on ${topic}: finished after ${seconds} s.`;
    }, seconds * 1000).unref();
    return {
      content: [{ type: 'text', text: JSON.stringify({ jobId: id, state: job.state, expectedSeconds: seconds }) }],
      structuredContent: { jobId: id, state: job.state, expectedSeconds: seconds },
    };
  },
);

server.registerTool(
  'job_status',
  {
    title: 'Job status',
    description:
      'Reports on a job started by start_report: state "running" (with the seconds left, about), then "done" with the report. ' +
      'Answers at once; wait a few seconds between calls.',
    inputSchema: { jobId: z.string().describe('The jobId start_report returned') },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  async ({ jobId }) => {
    const job = jobs.get(jobId);
    if (!job) return { isError: true, content: [{ type: 'text', text: `No job ${jobId}: it never existed or was forgotten.` }] };
    const status =
      job.state === 'done'
        ? { jobId, state: 'done', report: job.result }
        : { jobId, state: 'running', secondsLeft: Math.max(0, Math.ceil(job.seconds - (Date.now() - job.startedAt) / 1000)) };
    return { content: [{ type: 'text', text: JSON.stringify(status) }], structuredContent: status };
  },
);

await server.connect(new StdioServerTransport());
console.error('elftia-example-server: ready on stdio');
