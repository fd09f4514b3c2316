/**
 * The add / edit / duplicate drawer (opened by `useToolsTabNav().openForm`): loads what it
 * edits, checks it with the shared schema, tests it stage by stage and saves it.
 *
 * Secrets: `mcp.list` masks env and header values and credentials in args and the URL. An edit
 * starts from those masks and sends them back unchanged where the person did not touch them;
 * the router's `restoreMaskedSecrets` keeps the stored values for them. A test needs the real
 * values, so it asks for them (`mcp.reveal_secrets`) and applies the same `restoreMaskedSecrets`
 * here. A duplicate starts from the real values: the copy must work without the original.
 */
import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, App, Button, Drawer, Flex, Form, Modal, Result, Spin, Typography, type FormInstance } from 'antd';
import { McpServerInputSchema, type McpServerInput, type McpServerRecord } from '@shared/contracts/mcp-types';
import type { RouteOutput } from '@shared/contracts/ipc';
import { issueFields, type AppErrorShape } from '@shared/errors';
import { TRANSPORTS } from '@shared/transports';
import { REDACTED, restoreMaskedSecrets } from '@mcp-common/redaction';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { limitOfIssue, limitText } from '@renderer/components/limitText';
import { translateError } from '@renderer/components/translateError';
import { applyServerIssues } from '@renderer/data/formIssues';
import { requestOrThrow, useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { McpServerForm } from '../McpServerForm';
import { useToolsTabNav, type FormTarget } from '../ToolsTabNav';
import {
  changedUpdates,
  defaultFormValues,
  issueField,
  rowIssues,
  toFormValues,
  toServerInput,
  type KeyValueRow,
  type ServerFormValues,
} from './formValues';
import { issueText, type Issue } from './issueText';
import { TestResultPanel, stageLabel, type TestRun } from './TestResultPanel';
import { errorData } from '@shared/errorData';

type Secrets = RouteOutput<'mcp.reveal_secrets'>;

/** Mounted by ToolsTab; shows the form while `nav.form` names a target, and keeps it through the closing animation. */
export function McpServerFormDrawer() {
  const nav = useToolsTabNav();
  const [shown, setShown] = useState<{ target: FormTarget; n: number }>();
  // A new target starts a fresh form (new state, new initial values).
  if (nav.form && nav.form !== shown?.target) setShown({ target: nav.form, n: (shown?.n ?? 0) + 1 });
  if (!shown) return null;
  return <ServerFormEditor key={shown.n} target={shown.target} open={nav.form !== undefined} onClose={nav.closeForm} onClosed={() => setShown(undefined)} />;
}

interface Start {
  values: ServerFormValues;
  /** The record the form started from (masked for an edit, with real secrets for a duplicate). */
  base?: McpServerRecord;
}

function startOf(target: FormTarget, source: McpServerRecord | undefined, copySecrets: Secrets | undefined, copyName: (name: string) => string): Start | undefined {
  if (target.mode === 'add') return { values: defaultFormValues() };
  if (!source) return undefined;
  if (target.mode === 'edit') return { values: toFormValues(source), base: source };
  if (!copySecrets) return undefined;
  const base = { ...source, config: { ...source.config, ...copySecrets } };
  return { values: { ...toFormValues(base), name: copyName(source.name) }, base };
}

interface EditorProps {
  target: FormTarget;
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
}

function ServerFormEditor({ target, open, onClose, onClosed }: EditorProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const { message } = App.useApp();
  const host = useHost();
  const [form] = Form.useForm<ServerFormValues>();
  const serverId = target.mode === 'add' ? undefined : target.serverId;

  const list = useRoute('mcp.list');
  const source = serverId ? list.data?.find((server) => server.id === serverId) : undefined;
  const copySecrets = useRoute('mcp.reveal_secrets', serverId ? { id: serverId } : undefined, {
    enabled: target.mode === 'duplicate' && serverId !== undefined,
    // Real secret values stay in the cache only while this form is open.
    gcTime: 0,
    staleTime: Infinity,
  });

  // Frozen once known: a list refetch while the form is open must not reset what the person typed.
  const [start, setStart] = useState<Start>();
  if (!start) {
    const known = startOf(target, source, copySecrets.data, (name) => t('form.copyName', { name }));
    if (known) setStart(known);
  }

  const [run, setRun] = useState<TestRun>();
  const [confirm, setConfirm] = useState<'untested' | 'failed'>();
  const [unplaced, setUnplaced] = useState<Issue[]>([]);
  const [saveError, setSaveError] = useState<AppErrorShape>();
  const secrets = useRef<Secrets>(undefined);
  const testPanel = useRef<HTMLDivElement>(null);
  const add = useRouteMutation('mcp.add', { invalidates: ['mcp.list', 'mcp.status'] });
  const update = useRouteMutation('mcp.update', { invalidates: ['mcp.list', 'mcp.status'] });
  const saving = add.isPending || update.isPending;

  const values = (): ServerFormValues => form.getFieldsValue(true) as ServerFormValues;
  const kind = TRANSPORTS.get((Form.useWatch('type', form)) ?? start?.values.type ?? TRANSPORTS.types[0]).kind;

  useEffect(() => {
    if (run) testPanel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [run]);

  /** Puts a VALIDATION_FAILED answer (the host's or the schema's) on the fields, in the person's language. */
  const placeIssues = (error: AppErrorShape) => {
    const current = values();
    const issues = errorData(error, 'VALIDATION_FAILED')?.issues ?? [];
    const issueMessage = (issue: Issue) => {
      const limit = limitOfIssue(issue);
      return limit ? t('form.validation.limit', { limit: limitText(tErrors, limit) }) : issueText(t, issue, current);
    };
    const translated = { ...error, data: { ...error.data, issues: issues.map((issue) => ({ path: issue.path, message: issueMessage(issue) })) } };
    setUnplaced(applyServerIssues(form, translated, (path) => issueField(path, current)));
  };

  /** The server input the form describes, or undefined after marking what is wrong. */
  const check = (): McpServerInput | undefined => {
    const stale = form.getFieldsError().filter((field) => field.errors.length);
    (form as unknown as FormInstance).setFields(stale.map((field) => ({ name: field.name, errors: [] })));
    setUnplaced([]);
    setSaveError(undefined);
    const current = values();
    const input = toServerInput(current, start?.base);
    const parsed = McpServerInputSchema.safeParse(input);
    const issues: Issue[] = parsed.success ? [] : issueFields(parsed.error.issues);
    for (const row of rowIssues(current)) {
      issues.push({ path: row.path, message: t(`form.validation.${row.kind}`, { key: row.key }) });
    }
    if (current.scope === 'local' && !current.projectPath?.trim()) issues.push({ path: 'projectPath', message: t('form.validation.projectPathRequired') });
    if (issues.length === 0) return input;
    placeIssues({ code: 'VALIDATION_FAILED', message: 'The form has invalid values', data: { issues } });
    return undefined;
  };

  /** The stored secrets of the server being edited, asked for once. */
  const realSecrets = async (): Promise<Secrets> => {
    secrets.current ??= await requestOrThrow(host, 'mcp.reveal_secrets', { id: serverId! });
    return secrets.current;
  };

  /** The eye on a masked value: the stored values replace the masks the person has not changed. */
  const revealSecrets = async () => {
    try {
      const real = await realSecrets();
      for (const field of ['env', 'headers'] as const) {
        const rows = (form.getFieldValue(['config', field]) as KeyValueRow[] | undefined) ?? [];
        const stored = real[field] ?? {};
        form.setFieldValue(
          ['config', field],
          rows.map((row) => (row.value === REDACTED && Object.hasOwn(stored, row.key?.trim()) ? { ...row, value: stored[row.key.trim()] } : row)),
        );
      }
    } catch (error) {
      void message.error(translateError(tErrors, error as AppErrorShape));
    }
  };

  const runTest = async (): Promise<RouteOutput<'mcp.test'> | undefined> => {
    const input = check();
    if (!input) return undefined;
    setRun({ running: true });
    try {
      const server = target.mode === 'edit' ? { ...input, config: restoreMaskedSecrets(await realSecrets(), input.config) } : input;
      const answer = await host.request('mcp.test', { server });
      if (!answer.ok) {
        placeIssues(answer.error);
        setRun({ running: false, error: answer.error });
        return undefined;
      }
      setRun({ running: false, result: answer.data });
      return answer.data;
    } catch (error) {
      setRun({ running: false, error: error as AppErrorShape });
      return undefined;
    }
  };

  const onSaveError = (error: AppErrorShape) => {
    if (error.code === 'DUPLICATE_NAME') form.setFields([{ name: 'name', errors: [translateError(tErrors, error)] }]);
    else if (error.code === 'VALIDATION_FAILED') placeIssues(error);
    else setSaveError(error);
  };

  const save = async (confirmed: boolean) => {
    setConfirm(undefined);
    const input = check();
    if (!input) return;
    const tested = run?.result && !run.stale ? run.result : undefined;
    if (!confirmed && !tested) return setConfirm('untested');
    if (!confirmed && !tested?.success) return setConfirm('failed');
    const tools = tested?.success ? tested.tools.length : undefined;
    try {
      if (target.mode === 'edit' && start?.base) {
        const updates = changedUpdates(start.base, values());
        if (Object.keys(updates).length) await update.mutateAsync({ id: start.base.id, updates });
        void message.success(tools === undefined ? t('form.saved.updated', { name: input.name }) : t('form.saved.updatedWithTools', { name: input.name, count: tools }));
      } else {
        await add.mutateAsync(input);
        void message.success(tools === undefined ? t('form.saved.added', { name: input.name }) : t('form.saved.addedWithTools', { name: input.name, count: tools }));
      }
      onClose();
    } catch (error) {
      onSaveError(error as AppErrorShape);
    }
  };

  const testFirst = async () => {
    setConfirm(undefined);
    const result = await runTest();
    if (result?.success) await save(true);
  };

  const markStale = () => setRun((before) => (before && !before.running && !before.stale ? { ...before, stale: true } : before));

  const title =
    target.mode === 'add' ? t('form.title.add') : t(target.mode === 'edit' ? 'form.title.edit' : 'form.title.duplicate', { name: source?.name ?? '' });
  const failedStage = run?.result?.failedStage;
  const missing = serverId !== undefined && !start && list.isSuccess && !source;
  const loadError = (list.error ?? copySecrets.error) || undefined;

  let body;
  if (start) {
    body = (
      <Flex vertical gap="middle">
        {saveError ? <ErrorAlert error={saveError} testId="form-save-error" /> : null}
        {unplaced.length ? (
          <Alert
            type="error"
            showIcon
            data-testid="form-unplaced"
            title={t('form.validation.unplaced')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {unplaced.map((issue, i) => (
                  <li key={`${issue.path}-${i}`}>
                    {issue.path ? <Typography.Text code>{issue.path}</Typography.Text> : null} {issue.message}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        <McpServerForm
          form={form}
          initialValues={start.values}
          revealSecrets={target.mode === 'edit' ? revealSecrets : undefined}
          onValuesChange={markStale}
        />
        {run ? (
          <div ref={testPanel}>
            <TestResultPanel run={run} kind={kind} />
          </div>
        ) : null}
      </Flex>
    );
  } else if (missing) {
    body = <Result status="warning" title={translateError(tErrors, { code: 'NOT_FOUND', message: '', data: { id: serverId } })} />;
  } else if (loadError) {
    body = <ErrorAlert error={loadError} />;
  } else {
    body = <Spin description={t('form.loading')} />;
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => (visible ? undefined : onClosed())}
      size="large"
      maskClosable={false}
      destroyOnHidden
      title={<span data-testid="server-form-title">{title}</span>}
      data-testid="server-form-drawer"
      footer={
        <Flex justify="space-between" gap="small" wrap>
          <Button icon={<ExperimentOutlined />} onClick={() => void runTest()} loading={run?.running ?? false} disabled={!start || saving} data-testid="form-test">
            {t('form.test.button')}
          </Button>
          <Flex gap="small">
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button type="primary" onClick={() => void save(false)} loading={saving} disabled={!start || run?.running === true} data-testid="form-save">
              {t('form.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {body}
      <Modal
        open={confirm !== undefined}
        title={confirm === 'failed' ? t('form.confirm.failedTitle') : t('form.confirm.untestedTitle')}
        onCancel={() => setConfirm(undefined)}
        data-testid="form-confirm"
        footer={[
          <Button key="cancel" onClick={() => setConfirm(undefined)}>
            {t('form.cancel')}
          </Button>,
          <Button key="test" icon={<ExperimentOutlined />} onClick={() => void testFirst()}>
            {t('form.confirm.testFirst')}
          </Button>,
          <Button key="save" type="primary" danger={confirm === 'failed'} onClick={() => void save(true)} data-testid="form-save-anyway">
            {t('form.confirm.saveAnyway')}
          </Button>,
        ]}
      >
        {confirm === 'failed' && run?.result?.error
          ? t('form.confirm.failedBody', {
              stage: failedStage ? stageLabel(t, kind)(failedStage) : '',
              reason: translateError(tErrors, run.result.error),
            })
          : t('form.confirm.untestedBody')}
      </Modal>
    </Drawer>
  );
}
