/**
 * A sample of the corpus drawn for real: the first tool of every server in it (21 forms), plus
 * every tool whose schema uses `$ref`, `anyOf`/`oneOf` or a nullable type, as long as the
 * sample stays small (drawing an antd form takes seconds in jsdom on a shared machine). Each
 * renders without an error, as a form or as JSON with a note, and what the form holds is what
 * the schema's defaults are. formSupport.corpus.test.ts checks all 220 on rjsf's form-state logic.
 */
import { cleanup, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ArgumentsEditor, jsonText } from './ArgumentsEditor';
import { corpus } from '@renderer-testing/corpus.testkit';
import { defaultArguments, formFallbackReason, formSchema } from '../model/formSupport';

const uses = (schema: unknown, pattern: RegExp) => pattern.test(JSON.stringify(schema));
const firstOfEach = corpus.filter((entry, index) => corpus.findIndex((other) => other.server === entry.server) === index);
const tricky = corpus.filter((entry) => !firstOfEach.includes(entry) && uses(entry.inputSchema, /"\$ref"|"anyOf"|"oneOf"|"type":\[/)).slice(0, 8);
const fallbacks = corpus.filter((entry) => formFallbackReason(entry.inputSchema) !== undefined).slice(0, 2);
const sample = [...new Set([...firstOfEach, ...tricky, ...fallbacks])];

afterEach(cleanup);

describe('corpus forms, drawn', { timeout: 600_000 }, () => {
  it.each(sample.map((entry) => [`${entry.server}/${entry.name}`, entry] as const))('%s', async (_name, entry) => {
    const fallback = formFallbackReason(entry.inputSchema);
    const args = fallback ? {} : defaultArguments(formSchema(entry.inputSchema));
    const drafts: unknown[] = [];
    renderWithProviders(
      <AntdApp>
        <ArgumentsEditor
          toolName={entry.name}
          schema={entry.inputSchema}
          draft={{ args, text: jsonText(args), mode: 'form' }}
          onDraft={(draft) => drafts.push(draft.args)}
          liveValidate={false}
          jsonErrors={[]}
        />
      </AntdApp>,
      new FakeHost(),
    );
    const editor = await screen.findByTestId('playground-editor', {}, { timeout: 30_000 });
    if (fallback) {
      expect(editor.dataset.mode).toBe('json');
      expect(screen.getByTestId('playground-fallback').textContent).not.toBe('');
    } else {
      expect(editor.dataset.mode).toBe('form');
      expect(screen.queryByTestId('playground-fallback')).toBeNull();
      // The form drew and did not change the defaults it was given (had it, it would say so through onDraft).
      expect(editor.querySelector('form')).not.toBeNull();
      for (const changed of drafts) expect(changed).toEqual(args);
    }
  });
});
