/** The sampling review itself (see SamplingDialog): loaded the first time a server asks for a model answer. */
import { KeyOutlined, RobotOutlined } from '@ant-design/icons';
import { Alert, App, AutoComplete, Button, Drawer, Flex, Form, Input, InputNumber, Select, Tag, Typography, type GetRef } from 'antd';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SamplingRequest } from '@shared/contracts/chat';
import type { LlmProviderId } from '@shared/contracts/providers';
import type { AppErrorShape } from '@shared/errors';
import { isUsableProvider } from '@mcp-common/sampling';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { translateError } from '@renderer/components/translateError';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { loadModelChoice, saveModelChoice } from '@renderer/data/modelChoice';
import { ProviderKeys } from '@renderer/features/provider-keys';
import { ReviewModal } from './ReviewModal';

interface RequestValues {
  systemPrompt: string;
  maxTokens: number;
  messages: { role: 'user' | 'assistant'; text: string }[];
}

export function SamplingModal({ request, waiting, onDone, onLater }: { request: SamplingRequest; waiting: number; onDone: (id: string) => void; onLater: () => void }) {
  const { t, i18n } = useTranslation(['serverRequests', 'settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const { message } = App.useApp();
  const [form] = Form.useForm<RequestValues>();
  const providers = useRoute('providers.list');
  const usable = useMemo(() => (providers.data ?? []).filter(isUsableProvider), [providers.data]);
  const remembered = useMemo(() => loadModelChoice('sampling'), []);
  const [providerId, setProviderId] = useState<LlmProviderId | undefined>(remembered?.providerId);
  const [model, setModel] = useState(remembered?.model ?? '');
  // The remembered provider may have lost its key since: fall back to the first usable one.
  const chosen = usable.find((p) => p.id === providerId) ?? usable[0];
  const models = useRoute('chat.models', chosen ? { providerId: chosen.id } : undefined, { enabled: chosen !== undefined });
  const [draft, setDraft] = useState('');
  const [draftModel, setDraftModel] = useState<string | undefined>();
  const [keysOpen, setKeysOpen] = useState(false);
  const generate = useRouteMutation('mcp.sampling_generate');
  const respond = useRouteMutation('mcp.sampling_respond');

  const closedElsewhere = (error: AppErrorShape) => {
    if (error.code !== 'MCP_SAMPLING_NOT_PENDING') return false;
    void message.warning(translateError(tErrors, error));
    onDone(request.requestId);
    return true;
  };

  const runGenerate = async () => {
    if (!chosen || !model.trim()) return;
    const values = form.getFieldsValue();
    saveModelChoice('sampling', { providerId: chosen.id, model: model.trim() });
    try {
      const result = await generate.mutateAsync({
        requestId: request.requestId,
        providerId: chosen.id,
        model: model.trim(),
        // Only the texts are fields; the roles are the server's.
        messages: request.messages.map((m, i) => ({ role: m.role, text: values.messages?.[i]?.text ?? m.text })),
        systemPrompt: values.systemPrompt,
        maxTokens: values.maxTokens,
      });
      setDraft(result.text);
      setDraftModel(result.model);
    } catch (err) {
      closedElsewhere(err as AppErrorShape);
    }
  };

  const answer = async (decision: 'send' | 'decline') => {
    try {
      await respond.mutateAsync(
        decision === 'send' ? { requestId: request.requestId, decision, text: draft, model: draftModel ?? model.trim() } : { requestId: request.requestId, decision },
      );
      onDone(request.requestId);
    } catch (err) {
      closedElsewhere(err as AppErrorShape);
    }
  };

  const hintId = useId();
  const modelField = useRef<GetRef<typeof AutoComplete>>(null);
  const expires = new Date(request.expiresAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const busy = generate.isPending || respond.isPending;
  const noModel = providers.data !== undefined && usable.length === 0;
  const modelOptions = (models.data?.models ?? []).map((m) => ({ value: m }));
  // Why Send (and Generate) cannot be pressed yet, and what to do; no model at all has its own alert above.
  const missingModel = !noModel && !draftModel && !model.trim();
  const sendBlocked = noModel ? undefined : missingModel ? t('approvals.sampling.needModel') : draft.trim() === '' ? t('approvals.sampling.needDraft') : undefined;
  return (
    <ReviewModal
      testId="sampling"
      title={
        <Typography.Text ellipsis={{ tooltip: request.serverName }} className="dialog-title-text">
          {t('approvals.sampling.title', { server: request.serverName })}
        </Typography.Text>
      }
      width={680}
      laterLabel={t('approvals.sampling.later')}
      busy={busy}
      onLater={onLater}
      decisions={
        <>
          <Button data-testid="sampling-decline" danger disabled={busy} loading={respond.isPending && respond.variables?.decision === 'decline'} onClick={() => void answer('decline')}>
            {t('approvals.sampling.decline')}
          </Button>
          <Button
            data-testid="sampling-send"
            type="primary"
            disabled={busy || sendBlocked !== undefined || draft.trim() === ''}
            loading={respond.isPending && respond.variables?.decision === 'send'}
            aria-describedby={sendBlocked ? hintId : undefined}
            onClick={() => void answer('send')}
          >
            {t('approvals.sampling.send')}
          </Button>
        </>
      }
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('approvals.sampling.intro')}</Typography.Text>
        <Form
          form={form}
          layout="vertical"
          disabled={busy}
          initialValues={{ systemPrompt: request.systemPrompt ?? '', maxTokens: request.maxTokens, messages: request.messages }}
          requiredMark={false}
        >
          <Typography.Text strong className="block mt-xs">
            {t('approvals.sampling.messages')}
          </Typography.Text>
          <Form.List name="messages">
            {(fields) => (
              <Flex vertical gap={6} className="sampling-messages" data-testid="sampling-messages">
                {fields.map((field) => {
                  const role = request.messages[field.name]?.role ?? 'user';
                  return (
                    <Flex key={field.key} gap="small" align="flex-start">
                      <Tag color={role === 'user' ? 'blue' : 'green'} className="sampling-role">
                        {t(`approvals.sampling.role.${role}`)}
                      </Tag>
                      <Form.Item name={[field.name, 'text']} noStyle>
                        <Input.TextArea autoSize={{ minRows: 1, maxRows: 8 }} aria-label={t(`approvals.sampling.role.${role}`)} />
                      </Form.Item>
                    </Flex>
                  );
                })}
              </Flex>
            )}
          </Form.List>
          <Flex gap="middle" wrap>
            <Form.Item name="systemPrompt" label={t('approvals.sampling.systemPrompt')} className="sampling-system-prompt">
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} placeholder={t('approvals.sampling.systemPromptPlaceholder')} />
            </Form.Item>
            <Form.Item name="maxTokens" label={t('approvals.sampling.maxTokens')} className="sampling-max-tokens">
              <InputNumber min={1} precision={0} className="full-width" />
            </Form.Item>
          </Flex>
        </Form>
        {request.modelHints.length > 0 ? (
          <Typography.Text type="secondary">{t('approvals.sampling.modelHints', { hints: request.modelHints.join(', ') })}</Typography.Text>
        ) : null}

        {noModel ? (
          <Alert
            type="warning"
            showIcon
            data-testid="sampling-no-model"
            title={t('approvals.sampling.noModel')}
            description={t('approvals.sampling.noModelHelp')}
            action={
              <Button size="small" icon={<KeyOutlined aria-hidden />} onClick={() => setKeysOpen(true)} data-testid="sampling-open-keys">
                {t('approvals.sampling.openKeys')}
              </Button>
            }
          />
        ) : (
          <Flex gap="small" wrap align="flex-end">
            <Flex vertical gap={4} className="model-choice-provider">
              <Typography.Text>{t('approvals.sampling.provider')}</Typography.Text>
              <Select
                data-testid="sampling-provider"
                aria-label={t('approvals.sampling.provider')}
                value={chosen?.id}
                loading={providers.isPending}
                options={usable.map((p) => ({ value: p.id, label: p.name }))}
                onChange={(id) => setProviderId(id)}
              />
            </Flex>
            <Flex vertical gap={4} className="model-choice-model">
              <Typography.Text>{t('approvals.sampling.model')}</Typography.Text>
              <AutoComplete
                ref={modelField}
                status={missingModel ? 'warning' : ''}
                data-testid="sampling-model"
                aria-label={t('approvals.sampling.model')}
                value={model}
                onChange={setModel}
                options={modelOptions}
                placeholder={t('approvals.sampling.modelPlaceholder')}
                filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
              />
            </Flex>
            <Button data-testid="sampling-generate" icon={<RobotOutlined aria-hidden />} disabled={busy || !chosen || !model.trim()} loading={generate.isPending} onClick={() => void runGenerate()}>
              {draftModel ? t('approvals.sampling.regenerate') : t('approvals.sampling.generate')}
            </Button>
          </Flex>
        )}
        {generate.error && generate.error.code !== 'MCP_SAMPLING_NOT_PENDING' ? <ErrorAlert error={generate.error} title={t('approvals.sampling.generateFailed')} /> : null}

        {/* Without a model there is nothing to draft with, and nothing can be sent: only Decline applies. */}
        {noModel ? null : (
          <Flex vertical gap={4}>
            <Typography.Text strong>
              {t('approvals.sampling.draft')} {draftModel ? <Tag>{draftModel}</Tag> : null}
            </Typography.Text>
            <Input.TextArea
              data-testid="sampling-draft"
              aria-label={t('approvals.sampling.draft')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              autoSize={{ minRows: 3, maxRows: 12 }}
              placeholder={t('approvals.sampling.draftPlaceholder')}
            />
            {draftModel ? <Typography.Text type="secondary" className="text-sm">{t('approvals.sampling.draftHelp')}</Typography.Text> : null}
          </Flex>
        )}
        {sendBlocked ? (
          <Flex gap="small" align="baseline" wrap data-testid="sampling-send-blocked">
            <Typography.Text id={hintId} type="warning">
              {sendBlocked}
            </Typography.Text>
            {missingModel ? (
              <Button size="small" type="link" className="inline-link-x" onClick={() => modelField.current?.focus()}>
                {t('approvals.sampling.toModel')}
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {respond.error && respond.error.code !== 'MCP_SAMPLING_NOT_PENDING' ? <ErrorAlert error={respond.error} title={t('approvals.sampling.sendFailed')} /> : null}
        <Flex vertical className="fine-print">
          <span>{t('approvals.sampling.expires', { time: expires })}</span>
          {waiting > 0 ? <strong>{t('approvals.sampling.queued', { count: waiting })}</strong> : null}
        </Flex>
      </Flex>
      <Drawer open={keysOpen} onClose={() => setKeysOpen(false)} size="large" title={t('settings/tools:sections.keys')} destroyOnHidden>
        <LazyBoundary>
          <ProviderKeys />
        </LazyBoundary>
      </Drawer>
    </ReviewModal>
  );
}
