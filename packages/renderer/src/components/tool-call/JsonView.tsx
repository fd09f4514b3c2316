import { Collapse } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';
import { LargeText } from './LargeText';

/**
 * JSON under a header that folds it away (keyboard: the header is a button), with a copy
 * button in the header. The text is built once per value; big values are cut (LargeText).
 */
export function JsonView({
  title,
  value,
  copyLabel,
  fileStem,
  defaultOpen = true,
  testId,
  extra,
}: {
  title: string;
  value: unknown;
  copyLabel: string;
  fileStem: string;
  defaultOpen?: boolean;
  testId?: string;
  extra?: ReactNode;
}) {
  const json = useMemo(() => JSON.stringify(value, null, 2) ?? 'undefined', [value]);
  return (
    <Collapse
      size="small"
      data-testid={testId}
      defaultActiveKey={defaultOpen ? ['json'] : []}
      items={[
        {
          key: 'json',
          label: title,
          extra: (
            // The header folds on click and on Enter; what happens on the buttons in it stays with them.
            <span
              className="inline-row"
              onClick={(event) => event.stopPropagation()}
              onKeyDown={(event) => event.stopPropagation()}
            >
              {extra}
              <CopyButton text={json} label={copyLabel} />
            </span>
          ),
          children: (
            <LargeText
              text={json}
              what={title}
              fileName={`${fileStem}.json`}
              mimeType="application/json"
              render={(shown) => <pre className="code-box">{shown}</pre>}
            />
          ),
        },
      ]}
    />
  );
}
