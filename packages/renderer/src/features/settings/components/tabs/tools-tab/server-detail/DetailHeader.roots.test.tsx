import { cleanup, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpDiscoverResult, McpServerRecord } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTabNavProvider } from '../ToolsTabNav';
import { DetailHeader } from './DetailHeader';

afterEach(cleanup);

const discovery = { isPending: false, data: { tools: [], invalidTools: [], prompts: [], resources: [], errors: {} }, refetch: async () => undefined } as unknown as UseQueryResult<
  McpDiscoverResult,
  AppErrorShape
>;

const show = (record: McpServerRecord, lang: 'en' | 'zh' = 'en') =>
  renderWithProviders(
    <ToolsTabNavProvider>
      <DetailHeader server={record} discovery={discovery} />
    </ToolsTabNavProvider>,
    new FakeHost(),
    lang,
  );

describe('DetailHeader roots', () => {
  it('shows the project folder a local-scope server is given', async () => {
    show(server({ name: 'local', type: 'stdio', config: { command: 'x' }, scope: 'local', projectPath: '/home/ada/projects/engine' }));
    expect((await screen.findByTestId('detail-roots')).textContent).toContain('/home/ada/projects/engine');
    expect(screen.getByText('Roots')).toBeTruthy();
  });

  it('says a user-scope server is given no folder', async () => {
    show(server({ name: 'everywhere', type: 'stdio', config: { command: 'x' } }), 'zh');
    expect((await screen.findByTestId('detail-roots')).textContent).toBe('无：此服务器用于所有项目，因此不提供任何文件夹');
  });
});
