import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpCallToolResult } from '@shared/contracts/mcp-types';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import type { Language } from '@renderer/i18n/languages';
import { ToolCallDisplay, type ToolCallView } from './ToolCallDisplay';
import { IMAGE_INLINE_LIMIT } from './tool-call/MediaBlocks';
import { TEXT_DISPLAY_LIMIT } from './tool-call/LargeText';

/** 1×1 transparent PNG (the fixture server's). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

const result = (content: unknown[], extra: Partial<McpCallToolResult> = {}): McpCallToolResult => ({
  callId: 'c1',
  isError: false,
  content: content as McpCallToolResult['content'],
  durationMs: 42,
  ...extra,
});

const show = (call: Partial<ToolCallView>, language: Language = 'en') =>
  renderWithProviders(<ToolCallDisplay call={{ serverName: 'fx', toolName: 'echo', args: { text: 'hi' }, ...call }} />, new FakeHost(), language);

// Globals the component touches; the unit project shares one environment, so each is put back.
const saved = {
  clipboard: Object.getOwnPropertyDescriptor(navigator, 'clipboard'),
  createObjectURL: URL.createObjectURL,
  revokeObjectURL: URL.revokeObjectURL,
  click: HTMLAnchorElement.prototype.click,
};
let copied: string[];
let downloads: { name: string; blob: Blob }[];

beforeEach(() => {
  copied = [];
  downloads = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  };
});

afterEach(() => {
  cleanup();
  if (saved.clipboard) Object.defineProperty(navigator, 'clipboard', saved.clipboard);
  else delete (navigator as { clipboard?: unknown }).clipboard;
  URL.createObjectURL = saved.createObjectURL;
  URL.revokeObjectURL = saved.revokeObjectURL;
  HTMLAnchorElement.prototype.click = saved.click;
  delete (window as { pwned?: unknown }).pwned;
});

describe('ToolCallDisplay', () => {
  it('shows the call, its arguments, a text result, the duration, and copies the text and the whole result', async () => {
    show({ result: result([{ type: 'text', text: 'Hello **world**' }]) });
    const display = screen.getByTestId('tool-call-display');
    expect(within(display).getByRole('heading', { name: 'echo' })).toBeTruthy();
    expect(screen.getByText('on fx')).toBeTruthy();
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Succeeded');
    expect(screen.getByTestId('tool-call-duration').textContent).toContain('42 ms');
    expect(screen.getByRole('button', { name: /Arguments \(1\)/ })).toBeTruthy();
    // Markdown is rendered: the bold is an element, not asterisks.
    expect(within(screen.getByTestId('markdown')).getByText('world').tagName).toBe('STRONG');

    fireEvent.click(screen.getByRole('button', { name: 'Copy this text' }));
    await waitFor(() => expect(copied).toEqual(['Hello **world**']));
    fireEvent.click(screen.getByRole('button', { name: 'Copy the whole result as JSON' }));
    await waitFor(() => expect(copied).toHaveLength(2));
    expect(JSON.parse(copied[1]!)).toMatchObject({ isError: false, content: [{ type: 'text', text: 'Hello **world**' }] });
    // Said where it happened, for screen readers too.
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Copied to the clipboard'));

    // The plain view is the text exactly as sent.
    fireEvent.click(screen.getByText('Plain'));
    expect(screen.getByTestId('block-text').querySelector('pre')?.textContent).toBe('Hello **world**');
  });

  it('leaves the header to a screen that has its own, keeping "copy the whole result" by the Result heading', async () => {
    renderWithProviders(
      <ToolCallDisplay call={{ serverName: 'fx', toolName: 'echo', args: {}, result: result([{ type: 'text', text: 'ok' }], { isError: true }) }} header={false} />,
      new FakeHost(),
    );
    const display = screen.getByRole('region', { name: 'echo' });
    expect(within(display).queryByRole('heading', { name: 'echo' })).toBeNull();
    expect(screen.queryByTestId('tool-call-status')).toBeNull();
    fireEvent.click(within(display).getByRole('button', { name: 'Copy the whole result as JSON' }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(JSON.parse(copied[0]!)).toMatchObject({ isError: true });
  });

  it('shows the arguments as JSON and copies them', async () => {
    show({ args: { text: 'hi', n: 2 } });
    const args = screen.getByTestId('tool-call-args');
    // Open while the call runs (nothing else to look at yet).
    expect(JSON.parse(args.querySelector('pre')!.textContent!)).toEqual({ text: 'hi', n: 2 });
    const copy = within(args).getByRole('button', { name: 'Copy the arguments as JSON' });
    fireEvent.click(copy);
    await waitFor(() => expect(JSON.parse(copied[0]!)).toEqual({ text: 'hi', n: 2 }));
    // Clicking or pressing Enter on the copy button does not fold the panel it sits in.
    fireEvent.keyDown(copy, { key: 'Enter', keyCode: 13 });
    const header = within(args).getByRole('button', { name: /Arguments \(2\)/ });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    // Beside the header's button, not inside it, where a screen reader could not reach it as a button of its own.
    expect(header.contains(copy)).toBe(false);
    // The header itself folds it, from the keyboard too.
    fireEvent.keyDown(header, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(header.getAttribute('aria-expanded')).toBe('false'));
  });

  it('never runs markdown HTML: a script tag and an onerror payload stay inert text, a javascript: link is no link', () => {
    const text = [
      '# Report',
      '<script>window.pwned = true</script>',
      '<img src="x" onerror="window.pwned = true">',
      '[click me](javascript:window.pwned=true) and [docs](https://example.com/docs) and ![chart](https://example.com/c.png)',
    ].join('\n\n');
    show({ result: result([{ type: 'text', text }]) });
    const markdown = screen.getByTestId('markdown');
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(markdown.querySelectorAll('img, iframe, [onerror]')).toHaveLength(0);
    expect(markdown.textContent).toContain('<script>window.pwned = true</script>');
    expect(markdown.textContent).toContain('<img src="x" onerror="window.pwned = true">');
    expect((window as { pwned?: unknown }).pwned).toBeUndefined();

    const hrefs = Array.from(markdown.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs.some((href) => /javascript:/i.test(href ?? ''))).toBe(false);
    expect(screen.getAllByTestId('neutralised-link').map((el) => el.textContent)).toContain('click me');
    const docs = screen.getByRole('link', { name: 'docs' });
    expect(docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
    // A markdown image is a link to its address, never loaded.
    expect(screen.getByRole('link', { name: '[chart]' }).getAttribute('href')).toBe('https://example.com/c.png');
    expect(within(markdown).getByRole('heading', { name: 'Report' })).toBeTruthy();
  });

  it('lays a JSON text out as indented JSON in the formatted view, never as one run-together paragraph', () => {
    show({ result: result([{ type: 'text', text: '{"items":[{"id":1,"name":"a"}],"next":null}' }, { type: 'text', text: '{not json} but *markdown*' }]) });
    const json = screen.getByTestId('formatted-json');
    expect(json.tagName).toBe('PRE');
    expect(json.textContent).toBe(JSON.stringify({ items: [{ id: 1, name: 'a' }], next: null }, null, 2));
    // Text that only starts like JSON is still markdown.
    expect(within(screen.getByTestId('markdown')).getByText('markdown').tagName).toBe('EM');
  });

  it('draws an image from base64 and saves it as a file of its type', async () => {
    show({ toolName: 'image', result: result([{ type: 'image', data: PNG, mimeType: 'image/png' }]) });
    const block = screen.getByTestId('block-image');
    const img = block.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(img.getAttribute('alt')).toBe('Image returned by the tool (image/png)');
    expect(within(block).getByRole('button', { name: 'Enlarge the image' })).toBeTruthy();

    fireEvent.click(within(block).getByRole('button', { name: 'Save as a file: Image' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('image-1.png');
    expect(downloads[0]!.blob.type).toBe('image/png');
    expect(downloads[0]!.blob.size).toBe(70);
  });

  it('shows an image over the size limit as a placeholder with Save, not drawn', () => {
    const huge = 'A'.repeat(Math.ceil((IMAGE_INLINE_LIMIT * 4) / 3) + 8);
    show({ result: result([{ type: 'image', data: huge, mimeType: 'image/png' }]) });
    const block = screen.getByTestId('block-image');
    expect(block.querySelector('img')).toBeNull();
    expect(within(block).getByTestId('image-placeholder').textContent).toMatch(/This image is 5\.0 MB, more than the 5\.0 MB shown here/);
    expect(within(block).getByRole('button', { name: 'Save as a file: Image' })).toBeTruthy();
    expect(within(block).queryByRole('button', { name: 'Enlarge the image' })).toBeNull();
  });

  it('does not put a non-image media type in a data URL', () => {
    show({ result: result([{ type: 'image', data: PNG, mimeType: 'text/html' }]) });
    expect(screen.getByTestId('block-image').querySelector('img')).toBeNull();
    expect(screen.getByTestId('image-placeholder').textContent).toContain('“text/html” is not an image type this app draws');
  });

  it('plays audio from base64 with a player', () => {
    show({ toolName: 'audio', result: result([{ type: 'audio', data: WAV, mimeType: 'audio/wav' }]) });
    const audio = screen.getByTestId('block-audio').querySelector('audio')!;
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('aria-label')).toBe('Audio returned by the tool (audio/wav)');
    const source = audio.querySelector('source')!;
    expect(source.getAttribute('src')).toBe(`data:audio/wav;base64,${WAV}`);
    expect(source.getAttribute('type')).toBe('audio/wav');
  });

  it('shows a resource link with its name, type and description, the URI copyable and not fetched', async () => {
    const host = new FakeHost();
    renderWithProviders(
      <ToolCallDisplay
        call={{
          serverName: 'fx',
          toolName: 'find',
          args: {},
          result: result([{ type: 'resource_link', uri: 'file:///docs/guide.md', name: 'guide', mimeType: 'text/markdown', description: 'The user guide' }]),
        }}
      />,
      host,
    );
    const block = screen.getByTestId('block-resource-link');
    expect(within(block).getByText('guide')).toBeTruthy();
    expect(within(block).getByTestId('resource-uri').textContent).toBe('file:///docs/guide.md');
    expect(within(block).getAllByText('text/markdown').length).toBeGreaterThan(0);
    expect(within(block).getByText('The user guide')).toBeTruthy();
    expect(block.querySelector('a')).toBeNull();
    expect(host.calls).toEqual([]);
    fireEvent.click(within(block).getByRole('button', { name: 'Copy the URI' }));
    await waitFor(() => expect(copied).toEqual(['file:///docs/guide.md']));
  });

  it('shows an embedded text resource, and offers a blob resource as a download of its type', () => {
    show({
      toolName: 'read',
      result: result([
        { type: 'resource', resource: { uri: 'fixture://readme', mimeType: 'text/plain', text: 'This is the readme.' } },
        { type: 'resource', resource: { uri: 'file:///out/report.pdf', mimeType: 'application/pdf', blob: 'JVBERi0xLjQ=' } },
      ]),
    });
    const text = screen.getByTestId('block-resource-text');
    expect(text.querySelector('pre')?.textContent).toBe('This is the readme.');
    expect(within(text).getByTestId('resource-uri').textContent).toBe('fixture://readme');

    const blob = screen.getByTestId('block-resource-blob');
    expect(within(blob).getByText('Binary content; save it as “report.pdf”.')).toBeTruthy();
    fireEvent.click(within(blob).getByTestId('save-resource'));
    expect(downloads).toEqual([{ name: 'report.pdf', blob: expect.any(Blob) }]);
    expect(downloads[0]!.blob.type).toBe('application/pdf');
    expect(downloads[0]!.blob.size).toBe(8); // "%PDF-1.4"
  });

  it('says a block of corrupt base64 cannot be saved instead of saving garbage', () => {
    show({ result: result([{ type: 'resource', resource: { uri: 'x://bin', mimeType: 'application/octet-stream', blob: '***not base64***' } }]) });
    fireEvent.click(screen.getByTestId('save-resource'));
    expect(downloads).toEqual([]);
    expect(screen.getByText('The server sent data that is not valid base64, so it cannot be shown or saved.')).toBeTruthy();
  });

  it('shows an unknown or malformed block as JSON without failing the rest', () => {
    show({
      result: result([
        { type: 'hologram', frames: 3 },
        { type: 'image', mimeType: 'image/png' },
        { type: 'text', text: 'still here' },
      ]),
    });
    const unknown = screen.getAllByTestId('block-unknown');
    expect(unknown).toHaveLength(2);
    expect(within(unknown[0]!).getByText('Unknown content “hologram”')).toBeTruthy();
    expect(JSON.parse(unknown[0]!.querySelector('pre')!.textContent!)).toEqual({ type: 'hologram', frames: 3 });
    expect(screen.getByText('still here')).toBeTruthy();
  });

  it('checks structuredContent against the output schema and says it matches', () => {
    show({
      toolName: 'structured',
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
      result: result([{ type: 'text', text: '{"sum":3}' }], { structuredContent: { sum: 3 } }),
    });
    const structured = screen.getByTestId('structured-content');
    expect(JSON.parse(structured.querySelector('pre')!.textContent!)).toEqual({ sum: 3 });
    expect(screen.getByTestId('schema-valid').textContent).toContain("Matches the tool's output schema.");
  });

  it('shows where structuredContent breaks the output schema, path and message', () => {
    show({
      toolName: 'structured',
      outputSchema: {
        type: 'object',
        properties: { sum: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } },
        required: ['sum', 'unit'],
      },
      result: result([], { structuredContent: { sum: '3', tags: ['a', 2] } }),
    });
    const invalid = screen.getByTestId('schema-invalid');
    expect(invalid.textContent).toContain("Does not match the tool's output schema (3 problems):");
    const issues = within(invalid).getAllByTestId('schema-issue').map((li) => li.textContent);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/sum .*"string".*"number"/),
        expect.stringMatching(/^\/tags\/1 .*"number".*"string"/),
        expect.stringMatching(/^\(whole value\) .*"unit"/),
      ]),
    );
    expect(screen.queryByTestId('schema-valid')).toBeNull();
  });

  it('warns when a tool with an output schema sends no structured content, and notes an unchecked one', () => {
    show({ outputSchema: { type: 'object' }, result: result([{ type: 'text', text: 'no structure' }]) });
    expect(screen.getByTestId('schema-missing').textContent).toContain('declares an output schema but sent no structured content');
    cleanup();
    show({ result: result([], { structuredContent: { a: 1 } }) });
    expect(screen.getByText('Not checked: the tool declares no output schema.')).toBeTruthy();
  });

  it('does not hold an error result to the output schema', () => {
    show({ outputSchema: { type: 'object', required: ['sum'] }, result: result([], { isError: true, structuredContent: { reason: 'quota' } }) });
    expect(JSON.parse(screen.getByTestId('structured-content').querySelector('pre')!.textContent!)).toEqual({ reason: 'quota' });
    expect(screen.queryByTestId('schema-invalid')).toBeNull();
    expect(screen.queryByTestId('schema-valid')).toBeNull();
    expect(screen.queryByText('Not checked: the tool declares no output schema.')).toBeNull();
  });

  it('styles isError as a failure with an alert, and keeps its content', () => {
    show({ toolName: 'fail', result: result([{ type: 'text', text: 'This tool always fails' }], { isError: true }) });
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Tool reported a failure');
    const failed = screen.getByTestId('tool-call-failed');
    expect(within(failed).getByRole('alert').textContent).toContain('The tool reported a failure');
    expect(within(failed).getByText('This tool always fails')).toBeTruthy();
    expect(screen.getByTestId('tool-call-display').dataset.status).toBe('failed');
  });

  it('shows a call that never produced a result as the translated error, distinct from isError', () => {
    show({ error: { code: 'MCP_TOOL_DISABLED', message: 'raw: disabled', data: { toolName: 'echo', serverName: 'fx' } } });
    const alert = screen.getByTestId('tool-call-error');
    expect(alert.textContent).toContain('The tool “echo” is disabled for “fx”.');
    expect(screen.queryByTestId('tool-call-failed')).toBeNull();
    expect(screen.queryByTestId('tool-call-running')).toBeNull();
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Call failed');
  });

  it('quotes the server’s last stderr lines under a call’s error, in a box of its own, and not from other data', () => {
    const stderrTail = ['FATAL ERROR: heap out of memory', ' 1: 0x10c3a5e node::Abort()'];
    show({ toolName: 'crash', error: { code: 'MCP_CONNECTION_CLOSED', message: `closed\n${stderrTail.join('\n')}`, data: { serverName: 'fx', stderrTail } } }, 'zh');
    const alert = screen.getByTestId('tool-call-error');
    const tail = within(alert).getByTestId('error-stderr-tail');
    expect(tail.textContent).toContain('服务器最后输出的几行');
    expect(tail.querySelector('pre')!.textContent).toBe(stderrTail.join('\n'));
    expect(tail.querySelector('pre')!.getAttribute('tabindex')).toBe('0');
    cleanup();
    // Nothing to quote: no empty box (and a malformed tail is no tail).
    show({ error: { code: 'MCP_CONNECTION_CLOSED', message: 'closed', data: { stderrTail: 'not lines' } } });
    expect(screen.queryByTestId('error-stderr-tail')).toBeNull();
  });

  it("shows a call that runs as a task by what the task does now, in the person's language", () => {
    show({ toolName: 'research', args: {}, progress: { progress: 3, taskStatus: 'working', message: 'Analyzing content...' } });
    let running = screen.getByTestId('tool-call-running');
    expect(running.textContent).toContain('Analyzing content...');
    expect(within(running).getByTestId('tool-call-task-status').textContent).toBe('Task running');
    // A count of statuses is no measure of how far it got: no bar, no "Progress: 3".
    expect(within(running).queryByTestId('tool-call-progress')).toBeNull();
    expect(running.textContent).not.toContain('Progress');
    cleanup();
    show({ toolName: 'research', args: {}, progress: { progress: 4, taskStatus: 'input_required', message: 'Which python?' } }, 'ja');
    running = screen.getByTestId('tool-call-running');
    expect(within(running).getByTestId('tool-call-task-status').textContent).toBe('タスクはあなたの回答を待っています');
  });

  it('shows a running call with a spinner and its progress', () => {
    show({ toolName: 'sleep', args: { ms: 500 }, progress: { progress: 2, total: 5, message: 'step 2 of 5' } });
    const running = screen.getByTestId('tool-call-running');
    expect(running.textContent).toContain('step 2 of 5');
    expect(running.querySelector('.ant-spin')).not.toBeNull();
    expect(within(running).getByTestId('tool-call-progress').getAttribute('aria-label')).toBe('Progress: 2 of 5');
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Running');
    expect(screen.queryByTestId('tool-call-duration')).toBeNull();
    expect(screen.queryByTestId('tool-call-content')).toBeNull();
  });

  it('cuts a very large text with Show all and Save, and shows it all when asked', () => {
    const big = `${'x'.repeat(TEXT_DISPLAY_LIMIT)}THE END`;
    show({ toolName: 'big', result: result([{ type: 'text', text: big }]) });
    const block = screen.getByTestId('block-text');
    expect(block.querySelector('pre')!.textContent).toHaveLength(TEXT_DISPLAY_LIMIT);
    expect(within(block).getByTestId('text-truncated').textContent).toBe('Showing the first 200,000 of 200,007 characters.');
    // Said before the text, where it is in sight.
    expect(within(block).getByTestId('text-truncated').compareDocumentPosition(block.querySelector('pre')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(block).getByRole('button', { name: 'Save as a file: Text' }));
    expect(downloads[0]!.name).toBe('big-1.txt');
    expect(downloads[0]!.blob.size).toBe(big.length);
    fireEvent.click(within(block).getByRole('button', { name: 'Show all' }));
    expect(block.querySelector('pre')!.textContent!.endsWith('THE END')).toBe(true);
  });

  it('speaks the person’s language', () => {
    show({ toolName: 'fail', result: result([{ type: 'text', text: 'x' }], { isError: true, durationMs: 1500 }) }, 'ja');
    expect(screen.getByTestId('tool-call-status').textContent).toBe('ツールが失敗を報告');
    expect(screen.getByTestId('tool-call-duration').textContent).toContain('1.50 秒');
    expect(within(screen.getByTestId('tool-call-failed')).getByRole('alert').textContent).toContain('ツールが失敗を報告しました');
  });
});
