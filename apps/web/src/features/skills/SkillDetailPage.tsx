/**
 * One skill instance (/skills/instance/:skillId): what it is (edited here too), a run by hand, its
 * triggers (a new one at a time or on an event, edit, enable or disable, delete) and its jobs (every run, by hand or by a trigger,
 * newest first, each opening its thread).
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { App, Button, Empty, Input, Spin, Switch, Table, Tag, Tooltip } from 'antd';
import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  PlayCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { errorMessage, type ActionResult, type SkillTrigger } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/apiQuery';
import { pickLocale } from './localeDict';
import {
  useBuiltInSkills,
  useSkillInstance,
  useSkillJobs,
  useRefreshWhenTriggersRun,
  useSkillTriggers,
  useTriggerMutations,
} from './skillQueries';
import { SkillInstanceModal } from './SkillInstanceModal';
import { TriggerModal } from './TriggerModal';
import '../projects/projects.css';
import './skills.css';
import { formatDateTime } from '../../i18n/dates';

const STATUS_COLOR: Record<string, string> = {
  waiting: 'default',
  executing: 'processing',
  finish: 'success',
  failed: 'error',
};

/** Why a job failed, in the app's language (a run stopped by its owner says nothing more). */
function failureOf(job: ActionResult, language: string): string {
  const code = job.status === 'failed' ? job.errors?.[0] : undefined;
  if (!code || code === 'aborted') return '';
  return errorMessage(code, language.startsWith('zh') ? 'zh-CN' : 'en');
}

export function SkillDetailPage() {
  const { skillId = '' } = useParams();
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'skills' });
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const instance = useSkillInstance(skillId);
  const templates = useBuiltInSkills();
  const triggers = useSkillTriggers(skillId);
  const jobs = useSkillJobs(skillId);
  useRefreshWhenTriggersRun(triggers.data);
  const { update, remove } = useTriggerMutations();
  const invoke = useApiMutation('skill.invoke', { invalidates: ['action.list'] });
  // the trigger dialog: closed, a new trigger, or the trigger being edited
  const [triggerEditing, setTriggerEditing] = useState<SkillTrigger | 'new' | null>(null);
  const [editingSkill, setEditingSkill] = useState(false);
  const [query, setQuery] = useState('');
  const skill = instance.data?.[0];
  const template = templates.data?.find((s) => s.name === skill?.name);
  const when = (iso: string | null | undefined) => formatDateTime(iso, i18n.language);

  const schedule = (trigger: SkillTrigger) => {
    if (trigger.triggerType === 'simpleEvent') return t('detail.onResourceReady');
    const timer = trigger.timerConfig;
    if (!timer) return '—';
    if (!timer.repeatInterval) return t('detail.once', { time: when(timer.datetime) });
    return t('detail.every', {
      interval: t(`intervalUnit.${timer.repeatInterval}`),
      time: when(timer.datetime),
    });
  };

  const toggle = async (trigger: SkillTrigger, enabled: boolean) => {
    await update.mutateAsync({ body: { triggerId: trigger.triggerId, enabled } });
    void message.success(enabled ? t('detail.enabledOn') : t('detail.enabledOff'));
  };

  const confirmDelete = (trigger: SkillTrigger) =>
    modal.confirm({
      title: t('detail.deleteTriggerTitle', { name: trigger.displayName }),
      okText: t('delete'),
      okButtonProps: { danger: true, id: 'trigger-delete-ok' },
      cancelText: t('cancel'),
      onOk: () =>
        remove
          .mutateAsync({ body: { triggerId: trigger.triggerId } })
          .then(() => void message.success(t('detail.triggerDeleted'))),
    });

  const run = async () => {
    if (!query.trim()) return;
    await invoke.mutateAsync({ body: { input: { query: query.trim() }, skillId, skillName: skill!.name } });
    setQuery('');
    void message.success(t('detail.runStarted'));
  };

  if (instance.isPending) return <Spin className="projects-page__spin" />;
  if (!skill) {
    return (
      <div className="projects-page">
        <Empty description={t('detail.notFound')}>
          <Button onClick={() => void navigate('/skills')}>{t('detail.back')}</Button>
        </Empty>
      </div>
    );
  }

  return (
    <div className="projects-page" data-testid="skill-detail">
      <header className="projects-page__header">
        <div>
          <Button
            type="link"
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate('/skills')}
            className="projects-page__back"
          >
            {t('detail.back')}
          </Button>
          <h1 className="projects-page__title">
            {skill.icon?.type === 'emoji' ? `${skill.icon.value} ` : ''}
            {skill.displayName}
            {skill.pinnedAt && (
              <Tag color="gold" className="skill-row__tag">
                {t('pinned')}
              </Tag>
            )}
          </h1>
          <p className="projects-page__subtitle">
            {t('basedOn', { name: template ? pickLocale(template.displayName, i18n.language) : skill.name })}
            {skill.description ? ` · ${skill.description}` : ''}
          </p>
        </div>
        <Button icon={<EditOutlined />} onClick={() => setEditingSkill(true)} data-testid="skill-edit">
          {t('detail.editSkill')}
        </Button>
      </header>

      <section className="skill-section">
        <div className="skill-run">
          <Input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onPressEnter={() => void run().catch(() => undefined)}
            placeholder={t('detail.runQuery')}
            maxLength={10_000}
            data-testid="skill-run-query"
          />
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            disabled={!query.trim()}
            loading={invoke.isPending}
            onClick={() => void run().catch(() => undefined)}
            data-testid="skill-run"
          >
            {t('detail.run')}
          </Button>
        </div>
      </section>

      <section className="skill-section">
        <div className="skill-section__header">
          <h2 className="skill-section__title">{t('detail.triggers')}</h2>
          <Button icon={<PlusOutlined />} onClick={() => setTriggerEditing('new')} data-testid="trigger-new">
            {t('detail.newTrigger')}
          </Button>
        </div>
        {triggers.isPending ? (
          <Spin />
        ) : (triggers.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noTriggers')} />
        ) : (
          <Table<SkillTrigger>
            rowKey="triggerId"
            dataSource={triggers.data}
            pagination={false}
            data-testid="trigger-table"
            onRow={(trigger) =>
              ({ 'data-testid': 'trigger-row', 'data-trigger-name': trigger.displayName }) as object
            }
            columns={[
              {
                title: t('detail.columns.name'),
                dataIndex: 'displayName',
                render: (v: string) => <strong>{v}</strong>,
              },
              {
                title: t('detail.columns.schedule'),
                key: 'schedule',
                render: (_: unknown, tr) => schedule(tr),
              },
              {
                title: t('detail.columns.nextRun'),
                dataIndex: 'nextRunAt',
                render: (v: string | null | undefined) => when(v),
              },
              {
                title: t('detail.columns.enabled'),
                dataIndex: 'enabled',
                width: 96,
                render: (enabled: boolean, tr) => (
                  <Switch
                    checked={enabled}
                    size="small"
                    data-testid="trigger-enabled"
                    aria-label={t('detail.columns.enabled')}
                    onChange={(on) => void toggle(tr, on).catch(() => undefined)}
                  />
                ),
              },
              {
                key: 'actions',
                width: 88,
                render: (_: unknown, tr) => (
                  <span className="skill-trigger__actions">
                    <Tooltip title={t('detail.editTrigger')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('detail.editTrigger')}
                        data-testid="trigger-edit"
                        onClick={() => setTriggerEditing(tr)}
                      />
                    </Tooltip>
                    <Tooltip title={t('detail.deleteTrigger')}>
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('detail.deleteTrigger')}
                        data-testid="trigger-delete"
                        onClick={() => confirmDelete(tr)}
                      />
                    </Tooltip>
                  </span>
                ),
              },
            ]}
          />
        )}
      </section>

      <section className="skill-section">
        <div className="skill-section__header">
          <h2 className="skill-section__title">{t('detail.jobs')}</h2>
        </div>
        {jobs.isPending ? (
          <Spin />
        ) : (jobs.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noJobs')} />
        ) : (
          <Table<ActionResult>
            rowKey={(r) => `${r.resultId}-${r.version}`}
            dataSource={jobs.data}
            pagination={false}
            data-testid="job-table"
            onRow={() => ({ 'data-testid': 'job-row' }) as object}
            columns={[
              {
                title: t('detail.columns.title'),
                dataIndex: 'title',
                ellipsis: true,
                render: (title: string, r) => (
                  <Link to={`/threads/${r.resultId}`}>{title || r.resultId}</Link>
                ),
              },
              {
                title: t('detail.columns.status'),
                dataIndex: 'status',
                width: 280,
                render: (status: string, r) => {
                  const why = failureOf(r, i18n.language);
                  return (
                    <>
                      <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid="job-status">
                        {t(`detail.status.${status}`, { defaultValue: status })}
                      </Tag>
                      {why ? (
                        <div className="skill-job__why" data-testid="job-error">
                          {why}
                        </div>
                      ) : null}
                    </>
                  );
                },
              },
              {
                title: t('detail.columns.createdAt'),
                dataIndex: 'createdAt',
                width: 200,
                render: (v: string) => when(v),
              },
            ]}
          />
        )}
      </section>
      <TriggerModal
        skillId={skillId}
        open={triggerEditing !== null}
        editing={triggerEditing === 'new' ? null : triggerEditing}
        onClose={() => setTriggerEditing(null)}
      />
      <SkillInstanceModal
        open={editingSkill}
        template={template ?? null}
        editing={skill}
        onClose={() => setEditingSkill(false)}
      />
    </div>
  );
}
