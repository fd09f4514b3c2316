import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Drawer, Empty, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MCPTool, McpServerRecord } from '@shared/contracts/mcp-types';
import { isServerOn, isToolOn, setAll, setServer, setTool, type ToolChoice } from '../model/toolSelection';

interface ToolPickerProps {
  open: boolean;
  onClose: () => void;
  /** The active servers. */
  servers: McpServerRecord[];
  /** Their enabled tools, as mcp.list_all_tools lists them (unreachable servers list none). */
  tools: MCPTool[];
  choice: ToolChoice;
  onChange: (choice: ToolChoice) => void;
}

/**
 * What a search (lower case, trimmed) leaves of a server: all its tools when it names the server,
 * else those it finds in a name, title or description; nothing when it finds neither.
 */
function searchServer(server: McpServerRecord, own: MCPTool[], q: string): MCPTool[] | undefined {
  if (!q || server.name.toLowerCase().includes(q)) return own;
  const found = own.filter((tool) => [tool.name, tool.title, tool.description].some((text) => text?.toLowerCase().includes(q)));
  return found.length > 0 ? found : undefined;
}

/**
 * This chat's servers and tools as a tree of checkboxes (plain ones: each is a labelled,
 * focusable control, which a virtual tree's rows are not). A server's box is mixed when some of
 * its tools are off.
 */
export function ToolPicker({ open, onClose, servers, tools, choice, onChange }: ToolPickerProps) {
  const { t } = useTranslation(['chat', 'common']);
  const onCount = tools.filter((tool) => isToolOn(choice, tool)).length;
  const [query, setQuery] = useState('');
  const groups = servers.flatMap((server) => {
    const own = tools.filter((tool) => tool.serverId === server.id);
    const shown = searchServer(server, own, query.trim().toLowerCase());
    return shown ? [{ server, own, shown }] : [];
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={440}
      title={t('tools.title')}
      destroyOnHidden
      data-testid="chat-tool-picker"
      footer={
        <Flex justify="space-between" align="center" gap="small">
          <Typography.Text type="secondary" role="status">
            {t('tools.summary', { on: onCount, total: tools.length })}
          </Typography.Text>
          <Button type="primary" onClick={onClose}>
            {t('tools.done')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('tools.intro')}</Typography.Text>
        {servers.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tools.noServers')} />
        ) : (
          <>
            <Input
              allowClear
              prefix={<SearchOutlined aria-hidden />}
              placeholder={t('tools.search')}
              aria-label={t('tools.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="chat-tools-search"
            />
            <Flex gap="small">
              <Button size="small" onClick={() => onChange(setAll(true, servers))} data-testid="chat-tools-all">
                {t('tools.allOn')}
              </Button>
              <Button size="small" onClick={() => onChange(setAll(false, servers))} data-testid="chat-tools-none">
                {t('tools.allOff')}
              </Button>
            </Flex>
            {groups.length === 0 ? (
              <Typography.Text type="secondary" data-testid="chat-tools-no-match">
                {t('tools.noMatch', { query: query.trim() })}
              </Typography.Text>
            ) : null}
            {groups.map(({ server, own, shown }) => {
              const serverOn = isServerOn(choice, server.id);
              const ownOn = own.filter((tool) => isToolOn(choice, tool)).length;
              const groupId = `chat-tools-${server.id}`;
              return (
                <div key={server.id} role="group" aria-labelledby={groupId} className="tool-picker-group">
                  <Checkbox
                    checked={serverOn && (own.length === 0 || ownOn > 0)}
                    indeterminate={serverOn && ownOn > 0 && ownOn < own.length}
                    onChange={(e) => onChange(setServer(choice, servers, tools, server.id, e.target.checked))}
                    data-testid="chat-tools-server"
                    data-server={server.id}
                  >
                    <span id={groupId}>
                      <Typography.Text strong>{server.name}</Typography.Text>{' '}
                      <Typography.Text type="secondary">
                        {own.length === 0 ? t('tools.unreachable') : t('tools.count', { on: serverOn ? ownOn : 0, total: own.length })}
                      </Typography.Text>
                    </span>
                  </Checkbox>
                  <Flex vertical gap={2} className="tool-picker-tools">
                    {shown.map((tool) => (
                      <Checkbox
                        key={tool.id}
                        checked={isToolOn(choice, tool)}
                        onChange={(e) => onChange(setTool(choice, servers, tool, e.target.checked))}
                        data-testid="chat-tools-tool"
                        data-tool={tool.id}
                        className="min-w-0"
                      >
                        <Typography.Text ellipsis={{ tooltip: tool.description || tool.name }} className="tool-picker-name">
                          {tool.title ?? tool.name}
                        </Typography.Text>
                      </Checkbox>
                    ))}
                  </Flex>
                </div>
              );
            })}
          </>
        )}
      </Flex>
    </Drawer>
  );
}
