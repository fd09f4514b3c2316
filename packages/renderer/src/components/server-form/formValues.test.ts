import { describe, expect, it } from 'vitest';
import { maskServerRecord, restoreMaskedSecrets } from '@mcp-common/redaction';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { changedUpdates, issueField, rowIssues, toConfig, toFormValues } from './formValues';

const record: McpServerRecord = {
  id: 'mcp_1',
  name: 'github',
  type: 'stdio',
  scope: 'user',
  isActive: true,
  isTrusted: true,
  disabledTools: ['delete_repo'],
  disabledAutoApproveTools: [],
  installSource: 'builtin',
  createdAt: 1,
  config: { command: 'npx', args: ['-y', 'gh', '--api-key', 'sk-real-123456'], env: { GITHUB_TOKEN: 'ghp_real_secret' }, transport: 'stdio' },
};

describe('formValues', () => {
  it('round-trips a record through the form unchanged', () => {
    expect(toConfig(toFormValues(record), record.config)).toEqual(record.config);
    expect(changedUpdates(record, toFormValues(record))).toEqual({});
  });

  it('sends masks back for untouched secrets, which the router restores to the stored values', () => {
    const listed = maskServerRecord(record);
    const values = toFormValues(listed);
    values.config.args![1] = 'gh@2';
    const updates = changedUpdates(listed, values);
    expect(Object.keys(updates)).toEqual(['config']);
    expect(restoreMaskedSecrets(record.config, updates.config!)).toEqual({ ...record.config, args: ['-y', 'gh@2', '--api-key', 'sk-real-123456'] });
  });

  it('keeps the fields of other transports when the transport changes (they are not shown, so not dropped)', () => {
    const values = { ...toFormValues(record), type: 'http' as const };
    values.config.url = 'https://x.example/mcp';
    expect(toConfig(values, record.config)).toEqual({ ...record.config, url: 'https://x.example/mcp' });
  });

  it('maps host issue paths onto form fields', () => {
    const values = toFormValues(record);
    expect(issueField('server.config.env.GITHUB_TOKEN', values)).toBe('config.env.0.value');
    expect(issueField('updates.config.args.2', values)).toBe('config.args.2');
    expect(issueField('config.timeoutMs', values)).toBe('config.timeoutSec');
    expect(issueField('name', values)).toBe('name');
    expect(issueField('config.env.MISSING', values)).toBeUndefined();
    expect(issueField('config.transport', values)).toBeUndefined();
  });

  it('finds rows a map cannot hold', () => {
    const values = toFormValues(record);
    values.config.env = [
      { key: 'A', value: '1' },
      { key: ' A ', value: '2' },
      { key: '', value: 'orphan' },
      { key: '', value: '' },
    ];
    expect(rowIssues(values)).toEqual([
      { path: 'config.env.1.key', kind: 'duplicateKey', key: 'A' },
      { path: 'config.env.2.key', kind: 'keyRequired', key: '' },
    ]);
  });

  it('carries a pre-registered OAuth client for remote transports only', () => {
    const remote = { name: 'r', type: 'http' as const, scope: 'user' as const, isActive: true, config: { url: 'https://x/mcp', oauth: { clientId: 'id1', clientSecret: '***' } } };
    const values = toFormValues(remote);
    expect(values.config).toMatchObject({ oauthClientId: 'id1', oauthClientSecret: '***' });
    // The mask goes back unchanged: the router restores the stored secret from it.
    expect(toConfig(values).oauth).toEqual({ clientId: 'id1', clientSecret: '***' });
    expect(toConfig({ ...values, config: { ...values.config, oauthClientId: ' ' } }).oauth).toBeUndefined();
    expect(toConfig({ ...values, config: { ...values.config, oauthClientSecret: '' } }).oauth).toEqual({ clientId: 'id1' });
    // A stdio server has no sign-in: whatever the record held stays, the form adds nothing.
    expect(toConfig({ ...values, type: 'stdio', config: { ...values.config, command: 'x' } }, {}).oauth).toBeUndefined();
  });
});
