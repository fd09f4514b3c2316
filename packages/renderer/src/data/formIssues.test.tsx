import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppErrorShape } from '@shared/errors';
import { installMatchMedia } from '@renderer-testing/renderWithApp';
import { applyServerIssues, fieldName } from './formIssues';

afterEach(cleanup);

const failure = (issues: { path: string; message: string }[]): AppErrorShape => ({
  code: 'VALIDATION_FAILED',
  message: 'Invalid input',
  data: { issues },
});

function renderForm(): FormInstance {
  installMatchMedia();
  let instance: FormInstance | undefined;
  function Harness() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
        <Form.Item name={['config', 'args', 0]} label="First argument">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Harness />);
  if (!instance) throw new Error('form did not render');
  return instance;
}

describe('applyServerIssues', () => {
  it('names list items by number', () => {
    expect(fieldName('config.args.0')).toEqual(['config', 'args', 0]);
    expect(fieldName('name')).toEqual(['name']);
  });

  it('puts each issue on its field and returns the ones no field shows', async () => {
    const form = renderForm();
    let unplaced: unknown;
    act(() => {
      unplaced = applyServerIssues(
        form,
        failure([
          { path: 'name', message: 'Name is taken' },
          { path: 'config.args.0', message: 'Too small' },
          { path: 'config.args.0', message: 'Not a flag' },
          { path: 'scope', message: 'Invalid option' },
          { path: '', message: 'The whole value is wrong' },
        ]),
        (path) => (path === 'scope' ? undefined : path),
      );
    });
    expect(form.getFieldError('name')).toEqual(['Name is taken']);
    expect(form.getFieldError(['config', 'args', 0])).toEqual(['Too small', 'Not a flag']);
    expect(unplaced).toEqual([
      { path: 'scope', message: 'Invalid option' },
      { path: '', message: 'The whole value is wrong' },
    ]);
    expect(await screen.findByText('Name is taken')).toBeTruthy();
  });

  it('leaves the form alone for any other error', () => {
    const form = renderForm();
    expect(applyServerIssues(form, { code: 'DUPLICATE_NAME', message: 'taken', data: { name: 'x' } })).toEqual([]);
    expect(form.getFieldError('name')).toEqual([]);
  });
});
