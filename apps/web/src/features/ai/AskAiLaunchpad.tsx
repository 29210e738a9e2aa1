/**
 * The Ask-AI launchpad at the bottom centre of the canvas: question box (Enter sends, Shift+Enter
 * is a new line), skill and model pickers, context (selected nodes plus library items, with the
 * skill's per-type limits), web-search and knowledge toggles. Sending streams the run into a new
 * skill-response node connected from the context nodes. Also guards leaving while AI writes.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Popover, Select, Spin, Switch, Tag, Tooltip, type SelectProps } from 'antd';
import {
  BookOutlined,
  FileTextOutlined,
  GlobalOutlined,
  LinkOutlined,
  PaperClipOutlined,
  PlusOutlined,
  SendOutlined,
  SettingOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { LibrarySearchResult, SkillName } from '@atelier/contract';
import { useApiQuery } from '../../api/apiQuery';
import { currentLocale } from '../../i18n/i18n';
import { useUiStore } from '../../stores/uiStore';
import { useCanvasContext } from '../canvas/canvasContext';
import { useCanvasPreferences } from '../canvas/canvasPreferences';
import { webSearchProviderNames } from '../settings/providers/providerKinds';
import { useProviderItems, useProviders } from '../settings/providers/providerQueries';
import {
  checkRules,
  itemsFromNodes,
  toInvokeContext,
  unsupportedKinds,
  type ContextItem,
  type ContextKind,
} from './contextItems';
import { AgentServerPicker, useAgentServers } from './AgentServerPicker';
import { useLaunchpadStore } from './launchpadStore';
import { takePendingAsk } from './pendingAsk';
import { runSkill } from './runSkill';
import { chosenSkill, INSTANCE_PREFIX, skillChoices, type SkillGroup } from './skillChoices';
import { outputLocale } from './threadActions';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from './useLeaveGuard';
import { useReveal } from './useReveal';
import './ai.css';

const KIND_ICONS: Record<ContextKind, typeof FileTextOutlined> = {
  documents: FileTextOutlined,
  resources: PaperClipOutlined,
  contentList: BookOutlined,
  urls: LinkOutlined,
};

function useSkills() {
  return useApiQuery('skill.list', {}, { staleTime: 5 * 60_000 });
}

/** The caller's skill instances, pinned first (the skill screens refresh this list on change). */
function useInstances() {
  return useApiQuery(
    'skill.instance.list',
    { query: { pageSize: 100, sortByPin: true } },
    { staleTime: 30_000, meta: { silent: true } },
  );
}

const GROUPS: SkillGroup[] = ['pinned', 'builtIn', 'instances'];

function LibraryPicker({ onPick }: { onPick: (item: ContextItem) => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const [q, setQ] = useState('');
  const query = q.trim();
  const results = useApiQuery(
    'search.query',
    { body: { query, domains: ['document', 'resource'], mode: 'keyword', limit: 8 } },
    {
      select: (hits) => hits.filter((r): r is LibrarySearchResult => 'domain' in r),
      enabled: query.length > 0,
      meta: { silent: true },
    },
  );
  return (
    <div className="ai-library-picker" data-testid="ai-library-picker">
      <Input.Search
        size="small"
        allowClear
        placeholder={t('launchpad.contextSearch')}
        onSearch={setQ}
        onChange={(e) => {
          if (!e.target.value) setQ('');
        }}
        data-testid="ai-library-search"
      />
      {results.isFetching ? <Spin size="small" /> : null}
      <ul>
        {(results.data ?? []).map((r) => (
          <li key={`${r.domain}:${r.id}`}>
            <button
              type="button"
              className="ai-link"
              onClick={() =>
                onPick({
                  key: `library:${r.id}`,
                  kind: r.domain === 'resource' ? 'resources' : 'documents',
                  title: r.title,
                  value: r.id,
                })
              }
            >
              {r.domain === 'resource' ? <PaperClipOutlined /> : <FileTextOutlined />} {r.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AskAiLaunchpad() {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const canvas = useCanvasContext();
  const { preferences } = useCanvasPreferences();
  const choice = useLaunchpadStore();
  const skills = useSkills();
  const instances = useInstances();
  const models = useProviderItems('llm');
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const [sending, setSending] = useState(false);
  const [picked, setPicked] = useState<ContextItem[]>([]);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const reveal = useReveal();
  useLeaveGuard();

  // a new selection brings back nodes removed from an earlier one
  const selectionKey = canvas.selectedNodeIds.join(',');
  useEffect(() => setRemoved(new Set()), [selectionKey]);

  const lang = currentLocale();
  const choices = useMemo(
    () =>
      skillChoices(
        skills.data ?? [],
        instances.data ?? [],
        (s) => s.displayName[lang] ?? s.displayName.en ?? s.name,
      ),
    [skills.data, instances.data, lang],
  );
  const skill = chosenSkill(choices, choice);
  const providers = useProviders();
  // the web toggle needs the skill and a configured web-search provider (there is no built-in one)
  const webSearchSkill =
    (skills.data?.some((s) => s.name === 'webSearch') ?? false) &&
    (providers.data?.some((p) => p.enabled && p.categories.includes('webSearch')) ?? false);
  const skipKinds = unsupportedKinds(skill);
  const items = useMemo(() => {
    const fromNodes = itemsFromNodes(canvas.doc, canvas.selectedNodeIds);
    const all = [...fromNodes, ...picked.filter((p) => !fromNodes.some((n) => n.value === p.value))];
    return all.filter((i) => !removed.has(i.key));
    // the doc changes in place; the selection and picks decide what is shown
  }, [canvas.doc, selectionKey, picked, removed]);
  const usable = items.filter((i) => !skipKinds.has(i.kind));
  const checks = checkRules(skill, usable);
  const blocking = checks.find((c) => c.problem);
  const llms = (models.data ?? []).filter((m) => m.enabled);
  const agentServers = useAgentServers(skill?.skillName === 'agent');
  const chosenModel = llms.find((m) => m.itemId === choice.modelItemId);
  const modelCanCall = (m: (typeof llms)[number]) =>
    (m.config as { capabilities?: { functionCall?: boolean } | null }).capabilities?.functionCall === true;
  // the agent needs function calling: warn for the chosen model (or when no model has it)
  const noFunctionCall =
    skill?.skillName === 'agent' &&
    llms.length > 0 &&
    (chosenModel ? !modelCanCall(chosenModel) : !llms.some(modelCanCall));

  // a question asked from home: the default skill with the default chat model, no context
  useEffect(() => {
    if (canvas.readOnly) return;
    const query = takePendingAsk(canvas.canvasId);
    if (!query) return;
    void runSkill({
      body: {
        input: { query },
        skillName: 'commonQnA',
        target: { entityType: 'canvas', entityId: canvas.canvasId },
        locale: outputLocale(),
      },
      placeNode: canvas.placeNode,
      reveal,
    });
  }, [canvas.canvasId, canvas.readOnly, canvas.placeNode, reveal]);

  if (!preferences.launchpadShown || canvas.readOnly) return null;

  const send = async () => {
    const query = text.trim();
    if (!query) {
      setEmpty(true);
      return;
    }
    if (blocking || sending) return;
    setSending(true);
    // the web toggle turns a plain question into a web search; an instance runs as it is
    const skillName: SkillName =
      choice.webSearch && webSearchSkill && !skill?.skillId && skill?.skillName === 'commonQnA'
        ? 'webSearch'
        : (skill?.skillName ?? 'commonQnA');
    const context = toInvokeContext(usable);
    const selectedMcpServers = choice.mcpServers.filter((n) => agentServers.some((s) => s.name === n));
    const started = await runSkill({
      body: {
        input: { query },
        skillName,
        ...(skill?.skillId ? { skillId: skill.skillId } : {}),
        ...(context ? { context } : {}),
        ...(choice.modelItemId && llms.some((m) => m.itemId === choice.modelItemId)
          ? { modelItemId: choice.modelItemId }
          : {}),
        runtimeConfig: { enabledKnowledgeBase: choice.knowledge },
        ...(skillName === 'agent' && selectedMcpServers.length ? { selectedMcpServers } : {}),
        target: { entityType: 'canvas', entityId: canvas.canvasId },
        locale: outputLocale(),
      },
      placeNode: canvas.placeNode,
      connectFrom: usable.flatMap((i) => (i.nodeId ? [i.nodeId] : [])),
      reveal,
    });
    setSending(false);
    if (started) {
      setText('');
      setPicked([]);
    }
  };

  const optionOf = (c: (typeof choices)[number]) => ({
    value: c.value,
    label: c.label,
    title: c.description || c.label,
  });
  // without instances the built-in skills are listed as before, without headings
  const skillOptions: NonNullable<SelectProps<string>['options']> = choices.some((c) => c.group !== 'builtIn')
    ? GROUPS.flatMap((group) => {
        const options = choices.filter((c) => c.group === group).map(optionOf);
        return options.length ? [{ label: t(`launchpad.skillGroups.${group}`), title: group, options }] : [];
      })
    : choices.map(optionOf);
  const kindLabel = (kind: ContextKind) => t(`launchpad.kinds.${kind}`);
  return (
    <div className="ai-launchpad nowheel" data-testid="ai-launchpad">
      <div className="ai-launchpad__context" data-testid="ai-context">
        <span className="ai-launchpad__label">{t('launchpad.context')}</span>
        {items.map((item) => {
          const Icon = KIND_ICONS[item.kind];
          return (
            <Tag
              key={item.key}
              closable
              className={skipKinds.has(item.kind) ? 'ai-chip is-unused' : 'ai-chip'}
              onClose={(e) => {
                e.preventDefault();
                setRemoved((prev) => new Set(prev).add(item.key));
                setPicked((prev) => prev.filter((p) => p.key !== item.key));
              }}
              data-testid="ai-context-item"
            >
              <Icon /> {item.title || kindLabel(item.kind)}
            </Tag>
          );
        })}
        <Popover
          trigger="click"
          placement="topLeft"
          title={t('launchpad.contextLibrary')}
          content={
            <LibraryPicker
              onPick={(item) => setPicked((prev) => [...prev.filter((p) => p.key !== item.key), item])}
            />
          }
        >
          <Button size="small" type="dashed" icon={<PlusOutlined />} data-testid="ai-context-add">
            {t('launchpad.addContext')}
          </Button>
        </Popover>
        {items.length === 0 ? (
          <span className="ai-launchpad__hint">{t('launchpad.contextEmpty')}</span>
        ) : null}
        <span className="ai-launchpad__limits" data-testid="ai-context-limits">
          {checks
            .filter((c) => c.count > 0 || c.required)
            .map((c) => (
              <span key={c.kind} className={c.problem ? 'is-problem' : undefined}>
                {t('launchpad.limit', { count: c.count, limit: c.limit, kind: kindLabel(c.kind) })}
              </span>
            ))}
        </span>
      </div>
      <Input.TextArea
        className="ai-launchpad__input"
        value={text}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={t('launchpad.placeholder')}
        status={empty ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (empty) setEmpty(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        data-testid="ai-input"
      />
      {empty || blocking ? (
        <div className="ai-launchpad__error" role="alert">
          {empty
            ? t('launchpad.empty')
            : blocking?.problem === 'required'
              ? t('launchpad.required', { kind: kindLabel(blocking.kind) })
              : t('launchpad.tooMany', {
                  limit: blocking?.limit ?? 0,
                  kind: kindLabel(blocking?.kind ?? 'documents'),
                })}
        </div>
      ) : null}
      <div className="ai-launchpad__bar">
        <Select<string>
          size="small"
          variant="borderless"
          value={skill?.value ?? choice.skillName}
          loading={skills.isLoading}
          onChange={(value) => {
            const picked = choices.find((c) => c.value === value);
            if (picked) choice.set({ skillName: picked.skillName, skillId: picked.skillId ?? null });
          }}
          popupMatchSelectWidth={false}
          prefix={<ThunderboltOutlined />}
          aria-label={t('launchpad.skill')}
          options={skillOptions}
          optionRender={(o) =>
            String(o.value).startsWith(INSTANCE_PREFIX) ? (
              <span data-testid="ai-skill-instance-option">{o.label}</span>
            ) : (
              o.label
            )
          }
          data-testid="ai-skill-select"
        />
        {skill?.skillName === 'agent' ? <AgentServerPicker noFunctionCall={noFunctionCall} /> : null}
        {llms.length === 0 && models.data ? (
          <Button
            size="small"
            type="link"
            icon={<SettingOutlined />}
            onClick={() => useUiStore.getState().openSettings('providers')}
            data-testid="ai-configure-models"
          >
            {t('launchpad.noModel')}
          </Button>
        ) : (
          <Select<string>
            size="small"
            variant="borderless"
            value={
              choice.modelItemId && llms.some((m) => m.itemId === choice.modelItemId)
                ? choice.modelItemId
                : ''
            }
            onChange={(value) => choice.set({ modelItemId: value || null })}
            popupMatchSelectWidth={false}
            aria-label={t('launchpad.model')}
            options={[
              { value: '', label: t('launchpad.defaultModel') },
              ...llms.map((m) => ({ value: m.itemId, label: m.name })),
            ]}
            data-testid="ai-model-select"
          />
        )}
        <span className="ai-launchpad__spacer" />
        <Tooltip
          title={
            webSearchSkill || !providers.data ? undefined : (
              <span data-testid="ai-web-search-off">
                {t('webSearchOff', { names: webSearchProviderNames(lang) })}{' '}
                <a
                  role="button"
                  tabIndex={0}
                  className="ai-toggle__setup"
                  onClick={() => useUiStore.getState().openSettings('setupGuide')}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') useUiStore.getState().openSettings('setupGuide');
                  }}
                  data-testid="ai-web-search-setup"
                >
                  {t('webSearchSetup')}
                </a>
              </span>
            )
          }
        >
          <label className="ai-toggle" data-testid="ai-web-search-toggle">
            <GlobalOutlined />
            <span>{t('launchpad.webSearch')}</span>
            <Switch
              size="small"
              checked={choice.webSearch && webSearchSkill}
              disabled={!webSearchSkill}
              onChange={(webSearch) => choice.set({ webSearch })}
              aria-label={t('launchpad.webSearch')}
              data-testid="ai-web-search"
            />
          </label>
        </Tooltip>
        <label className="ai-toggle">
          <BookOutlined />
          <span>{t('launchpad.knowledge')}</span>
          <Switch
            size="small"
            checked={choice.knowledge}
            onChange={(knowledge) => choice.set({ knowledge })}
            aria-label={t('launchpad.knowledge')}
            data-testid="ai-knowledge"
          />
        </label>
        <Button
          type="primary"
          shape="circle"
          icon={<SendOutlined />}
          loading={sending}
          disabled={Boolean(blocking)}
          aria-label={t('launchpad.send')}
          onClick={() => void send()}
          data-testid="ai-send"
        />
      </div>
    </div>
  );
}
