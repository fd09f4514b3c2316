import { Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaParameters, type SchemaParameter } from './schemaParameters';

/** A tool's input schema: its parameters as a table, then the raw JSON for everything else. */
export function SchemaView({ schema }: { schema: Record<string, unknown> }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const parameters = useMemo(() => schemaParameters(schema), [schema]);
  const raw = useMemo(() => JSON.stringify(schema, null, 2), [schema]);
  return (
    <div>
      {parameters.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('detail.tools.noParameters')}</Typography.Paragraph>
      ) : (
        <Table<SchemaParameter>
          size="small"
          pagination={false}
          rowKey="name"
          dataSource={parameters}
          aria-label={t('detail.tools.parameters')}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('detail.tools.param.name'),
              dataIndex: 'name',
              render: (_: unknown, p) => (
                <span className="nowrap">
                  <Typography.Text code>{p.name}</Typography.Text>
                  {p.required ? <Tag color="red" className="required-tag">{t('detail.tools.required')}</Tag> : null}
                </span>
              ),
            },
            { title: t('detail.tools.param.type'), dataIndex: 'type', render: (type: string) => <Typography.Text code>{type}</Typography.Text> },
            { title: t('detail.tools.param.description'), dataIndex: 'description', render: (d: string | undefined) => d ?? '—' },
          ]}
        />
      )}
      <details className="schema-raw">
        <summary>{t('detail.tools.rawJson')}</summary>
        <Typography.Paragraph copyable={{ text: raw }} className="mb-0">
          <pre data-testid="tool-schema-json" className="schema-json">
            {raw}
          </pre>
        </Typography.Paragraph>
      </details>
    </div>
  );
}
