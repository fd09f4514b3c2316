/**
 * The server form's state and actions (see McpServerFormDrawer for how secrets travel): where the
 * form starts (a draft left by closing it, else the record), checking it with the shared schema
 * and putting issues on its fields, testing it stage by stage, saving it (asking first only when
 * a changed connection was not tested, or its test failed), and closing it (what was typed is
 * kept as a draft, so closing never loses it).
 */
import { App, Form, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { McpServerInputSchema, type McpServerInput, type McpServerRecord } from '@shared/contracts/mcp-types';
import type { RouteOutput } from '@shared/contracts/ipc';
import { errorData } from '@shared/errorData';
import { issueFields, type AppErrorShape, type IssueField } from '@shared/errors';
import { TRANSPORTS } from '@shared/transports';
import { restoreMaskedSecrets } from '@mcp-common/redaction';
import { useHost } from '@renderer/bridge/HostContext';
import { limitText } from '@renderer/components/limitText';
import { translateError } from '@renderer/components/translateError';
import { applyServerIssues } from '@renderer/data/formIssues';
import { requestOrThrow, useRoute, useRouteMutation } from '@renderer/data/useRoute';
import type { FormTarget } from '../ToolsTabNav';
import { changedUpdates, defaultFormValues, issueField, rowIssues, toFormValues, toServerInput, unmaskRows, type KeyValueRow, type ServerFormValues } from '@renderer/components/server-form/formValues';
import { issueText, type Issue } from './issueText';
import { sameValues, serverFormDrafts } from './formDrafts';
import type { TestRun } from '@renderer/components/server-form/TestResultPanel';

type Secrets = RouteOutput<'mcp.reveal_secrets'>;

interface Start {
  values: ServerFormValues;
  /** The record the form started from (masked for an edit, with real secrets for a duplicate). */
  base?: McpServerRecord;
  /** What the form holds before anyone types: the record's values, or a new server's defaults. */
  pristine: ServerFormValues;
  /** `values` is a draft left by closing this form unsaved. */
  fromDraft: boolean;
}

function pristineOf(target: FormTarget, source: McpServerRecord | undefined, copySecrets: Secrets | undefined, copyName: (name: string) => string): Omit<Start, 'pristine' | 'fromDraft'> | undefined {
  if (target.mode === 'add') return { values: defaultFormValues() };
  if (!source) return undefined;
  if (target.mode === 'edit') return { values: toFormValues(source), base: source };
  if (!copySecrets) return undefined;
  const base = { ...source, config: { ...source.config, ...copySecrets } };
  return { values: { ...toFormValues(base), name: copyName(source.name) }, base };
}

function startOf(target: FormTarget, source: McpServerRecord | undefined, copySecrets: Secrets | undefined, copyName: (name: string) => string): Start | undefined {
  const known = pristineOf(target, source, copySecrets, copyName);
  if (!known) return undefined;
  const draft = serverFormDrafts.get(target);
  return { ...known, pristine: known.values, ...(draft ? { values: draft, fromDraft: true } : { fromDraft: false }) };
}

export function useServerFormEditor(target: FormTarget, onClose: () => void) {
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
  /** The values the last test ran with: a result holds for exactly these, whatever was changed and changed back. */
  const testedValues = useRef<ServerFormValues>(undefined);
  // The form takes its new initial values while rendering; resetting to them waits for that render.
  const [resets, setResets] = useState(0);
  useEffect(() => {
    if (resets) form.resetFields();
  }, [resets, form]);
  const add = useRouteMutation('mcp.add', { invalidates: ['mcp.list', 'mcp.status'] });
  const update = useRouteMutation('mcp.update', { invalidates: ['mcp.list', 'mcp.status'] });
  const saving = add.isPending || update.isPending;

  const values = (): ServerFormValues => form.getFieldsValue(true) as ServerFormValues;
  const kind = TRANSPORTS.get(Form.useWatch('type', form) ?? start?.values.type ?? TRANSPORTS.types[0]).kind;

  useEffect(() => {
    if (run) testPanel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [run]);

  /** Puts a VALIDATION_FAILED answer (the host's or the schema's) on the fields, in the person's language. */
  const placeIssues = (error: AppErrorShape) => {
    const current = values();
    const issues = errorData(error, 'VALIDATION_FAILED')?.issues ?? [];
    const issueMessage = (issue: IssueField) =>
      issue.limit ? t('form.validation.limit', { limit: limitText(tErrors, issue.limit) }) : issueText(t, issue, current);
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
        form.setFieldValue(['config', field], unmaskRows(form.getFieldValue(['config', field]) as KeyValueRow[] | undefined, real[field]));
      }
    } catch (error) {
      void message.error(translateError(tErrors, error as AppErrorShape));
    }
  };

  const runTest = async (): Promise<RouteOutput<'mcp.test'> | undefined> => {
    const input = check();
    if (!input) return undefined;
    testedValues.current = structuredClone(values());
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

  /**
   * An edit that leaves the type and the connection settings as they are (a new name, the scope,
   * the switch) starts the same program or reaches the same URL as before: there is nothing new to test.
   */
  const connectionUnchanged = () => {
    if (target.mode !== 'edit' || !start?.base) return false;
    const updates = changedUpdates(start.base, values());
    return !('config' in updates) && !('type' in updates);
  };

  const save = async (confirmed: boolean) => {
    setConfirm(undefined);
    const input = check();
    if (!input) return;
    const tested = run?.result && !run.stale ? run.result : undefined;
    if (!confirmed && !tested && !connectionUnchanged()) return setConfirm('untested');
    if (!confirmed && tested && !tested.success) return setConfirm('failed');
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
      serverFormDrafts.drop(target);
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

  /** A result is stale while the form holds other values than the ones tested. */
  const markStale = () =>
    setRun((before) => {
      if (!before || before.running || !testedValues.current) return before;
      const stale = !sameValues(values(), testedValues.current);
      return stale === (before.stale ?? false) ? before : { ...before, stale };
    });

  /** Cancel, ×, Esc: an unsaved change is kept as this form's draft (said in a message), nothing is asked. */
  const close = () => {
    if (start && !sameValues(values(), start.pristine)) {
      serverFormDrafts.keep(target, values());
      void message.info(t('form.draft.kept'));
    } else {
      serverFormDrafts.drop(target);
    }
    onClose();
  };

  /** "Start over" on a restored draft: the form as it was before anything was typed. */
  const discardDraft = () => {
    if (!start) return;
    serverFormDrafts.drop(target);
    setStart({ ...start, values: start.pristine, fromDraft: false });
    setResets((n) => n + 1);
    setRun(undefined);
    setUnplaced([]);
    setSaveError(undefined);
  };

  return { form, serverId, list, source, copySecrets, start, run, confirm, setConfirm, unplaced, saveError, testPanel, saving, kind, revealSecrets, runTest, save, testFirst, markStale, close, discardDraft };
}
