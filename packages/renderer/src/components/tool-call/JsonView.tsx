import { Collapse } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';
import { LargeText } from './LargeText';

/**
 * JSON under a header that folds it away (keyboard: the header is a button), with a copy
 * button at the header's end. The text is built once per value; big values are cut (LargeText).
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
  // The buttons sit beside the header, not in it: a control inside the header's own button is
  // neither reachable as itself by a screen reader nor allowed (axe: nested-interactive).
  return (
    <div className="json-view" data-testid={testId}>
      <Collapse
        size="small"
        defaultActiveKey={defaultOpen ? ['json'] : []}
        items={[
          {
            key: 'json',
            label: title,
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
      <span className="json-view-extra inline-row">
        {extra}
        <CopyButton text={json} label={copyLabel} />
      </span>
    </div>
  );
}
