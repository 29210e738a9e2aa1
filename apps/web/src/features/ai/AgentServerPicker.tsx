/**
 * The agent's MCP servers in the launchpad: a multi-select of the user's enabled servers with
 * their tool counts (the choice is kept in the launchpad store), a link to the MCP settings when
 * there are none, and a warning when the chosen model cannot call functions.
 */
import { ApiOutlined, SettingOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/apiQuery';
import { useUiStore } from '../../stores/uiStore';
import { useLaunchpadStore } from './launchpadStore';

/** The enabled servers among `chosen` (a server disabled or deleted since is left out). */
export function useAgentServers(enabled = true) {
  const servers = useApiQuery('mcpServer.list', {}, { staleTime: 30_000, enabled, meta: { silent: true } });
  return (servers.data ?? []).filter((s) => s.enabled);
}

export function AgentServerPicker({ noFunctionCall }: { noFunctionCall: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const choice = useLaunchpadStore();
  const enabled = useAgentServers();
  const value = choice.mcpServers.filter((n) => enabled.some((s) => s.name === n));
  return (
    <>
      {enabled.length ? (
        <Select<string[]>
          mode="multiple"
          size="small"
          variant="borderless"
          className="ai-agent-servers"
          value={value}
          onChange={(mcpServers) => choice.set({ mcpServers })}
          placeholder={t('agent.serversPlaceholder')}
          prefix={<ApiOutlined />}
          maxTagCount={2}
          maxTagTextLength={16}
          popupMatchSelectWidth={false}
          aria-label={t('agent.servers')}
          options={enabled.map((s) => ({
            value: s.name,
            label: s.name,
            // a global server's tools are not listed ahead of a run
            desc:
              s.isGlobal && s.toolCount == null
                ? t('agent.globalServer')
                : t('agent.toolCount', { count: s.toolCount ?? 0 }),
          }))}
          optionRender={(o) => (
            <span className="ai-agent-servers__option">
              <span>{o.data.label}</span>
              <span className="ai-agent-servers__count">{o.data.desc}</span>
            </span>
          )}
          data-testid="ai-agent-servers"
        />
      ) : (
        <Button
          size="small"
          type="link"
          icon={<SettingOutlined />}
          onClick={() => useUiStore.getState().openSettings('mcpServers')}
          data-testid="ai-agent-no-servers"
        >
          {t('agent.noServers')}
        </Button>
      )}
      {noFunctionCall ? (
        <Tooltip title={t('agent.needsTools')}>
          <WarningOutlined
            className="ai-agent-warning"
            data-testid="ai-agent-needs-tools"
            aria-label={t('agent.needsTools')}
          />
        </Tooltip>
      ) : null}
    </>
  );
}
