/**
 * Skill management (/skills, /skills/marketplace): the installed tab lists the user's skill
 * instances, pinned first (pin, unpin, edit, delete, open the detail); the marketplace tab lists
 * the built-in skills, each with a button that makes an instance of it.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { App, Button, Empty, Spin, Tabs, Tag, Tooltip } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  PushpinFilled,
  PushpinOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { SkillInstance, SkillTemplate } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import { pickLocale } from './localeDict';
import { SkillInstanceModal } from './SkillInstanceModal';
import { useBuiltInSkills, useSkillInstances, useSkillMutations } from './skillQueries';
import '../projects/projects.css';
import './skills.css';

function SkillIcon({ instance }: { instance?: SkillInstance }) {
  if (instance?.icon?.type === 'emoji')
    return <span className="skill-card__icon">{instance.icon.value}</span>;
  return (
    <span className="skill-card__icon">
      <ThunderboltOutlined />
    </span>
  );
}

export function SkillsPage() {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'skills' });
  const navigate = useNavigate();
  const { tab } = useParams();
  const active = tab === 'marketplace' ? 'marketplace' : 'installed';
  const { modal, message } = App.useApp();
  const instances = useSkillInstances();
  const templates = useBuiltInSkills();
  const { remove, pin, unpin } = useSkillMutations();
  const [modalState, setModalState] = useState<{
    template: SkillTemplate | null;
    editing: SkillInstance | null;
  } | null>(null);
  const templateOf = (name: string) => templates.data?.find((s) => s.name === name) ?? null;

  const confirmDelete = (skill: SkillInstance) =>
    modal.confirm({
      title: t('deleteTitle', { name: skill.displayName }),
      content: t('deleteBody'),
      okText: t('delete'),
      okButtonProps: { danger: true, id: 'skill-delete-ok' },
      cancelText: t('cancel'),
      onOk: () =>
        remove
          .mutateAsync({ body: { skillId: skill.skillId } })
          .then(() => void message.success(t('deleted'))),
    });

  const togglePin = async (skill: SkillInstance) => {
    if (skill.pinnedAt) {
      await unpin.mutateAsync({ body: { skillId: skill.skillId } });
      void message.success(t('unpinnedDone'));
    } else {
      await pin.mutateAsync({ body: { skillId: skill.skillId } });
      void message.success(t('pinnedDone'));
    }
  };

  const installed = instances.isPending ? (
    <Spin className="projects-page__spin" />
  ) : (instances.data ?? []).length === 0 ? (
    <Empty description={t('empty')}>
      <Button type="primary" onClick={() => void navigate('/skills/marketplace')}>
        {t('toMarketplace')}
      </Button>
    </Empty>
  ) : (
    <div className="skills-list" data-testid="skill-instance-list">
      {(instances.data ?? []).map((skill) => {
        const template = templateOf(skill.name);
        return (
          <div
            key={skill.skillId}
            className="skill-row"
            data-testid="skill-instance-row"
            data-skill-name={skill.displayName}
          >
            <SkillIcon instance={skill} />
            <button
              type="button"
              className="skill-row__main"
              onClick={() => void navigate(`/skills/instance/${skill.skillId}`)}
            >
              <span className="skill-row__name">
                {skill.displayName}
                {skill.pinnedAt && (
                  <Tag color="gold" className="skill-row__tag" data-testid="skill-pinned">
                    {t('pinned')}
                  </Tag>
                )}
              </span>
              <span className="skill-row__meta">
                {t('basedOn', {
                  name: template ? pickLocale(template.displayName, i18n.language) : skill.name,
                })}
                {skill.description ? ` · ${skill.description}` : ''}
              </span>
            </button>
            <span className="projects-actions">
              <Tooltip title={skill.pinnedAt ? t('unpin') : t('pin')}>
                <Button
                  type="text"
                  icon={skill.pinnedAt ? <PushpinFilled /> : <PushpinOutlined />}
                  aria-label={skill.pinnedAt ? t('unpin') : t('pin')}
                  data-testid="skill-pin"
                  onClick={() => void togglePin(skill).catch(() => undefined)}
                />
              </Tooltip>
              <Tooltip title={t('edit')}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('edit')}
                  data-testid="skill-edit"
                  onClick={() => setModalState({ template, editing: skill })}
                />
              </Tooltip>
              <Tooltip title={t('delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('delete')}
                  data-testid="skill-delete"
                  onClick={() => confirmDelete(skill)}
                />
              </Tooltip>
            </span>
          </div>
        );
      })}
    </div>
  );

  const marketplace = templates.isPending ? (
    <Spin className="projects-page__spin" />
  ) : (
    <>
      <p className="projects-page__subtitle skills-hint">{t('marketplaceHint')}</p>
      <div className="projects-grid" data-testid="skill-marketplace">
        {(templates.data ?? []).map((template) => (
          <div
            key={template.name}
            className="skill-card"
            data-testid="skill-template"
            data-skill={template.name}
          >
            <div className="skill-card__head">
              <SkillIcon />
              <strong>{pickLocale(template.displayName, i18n.language)}</strong>
            </div>
            <p className="skill-card__description">{template.description}</p>
            <Button
              icon={<PlusOutlined />}
              data-testid="skill-install"
              onClick={() => setModalState({ template, editing: null })}
            >
              {t('install')}
            </Button>
          </div>
        ))}
      </div>
    </>
  );

  return (
    <div className="projects-page" data-testid="skills-page">
      <header className="projects-page__header">
        <div>
          <h1 className="projects-page__title">{t('title')}</h1>
          <p className="projects-page__subtitle">{t('subtitle')}</p>
        </div>
      </header>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(key === 'marketplace' ? '/skills/marketplace' : '/skills')}
        items={[
          {
            key: 'installed',
            label: <span data-testid="skills-tab-installed">{t('tabs.installed')}</span>,
            children: installed,
          },
          {
            key: 'marketplace',
            label: <span data-testid="skills-tab-marketplace">{t('tabs.marketplace')}</span>,
            children: marketplace,
          },
        ]}
      />
      <SkillInstanceModal
        open={modalState !== null}
        template={modalState?.template ?? null}
        editing={modalState?.editing ?? null}
        onClose={(created) => {
          setModalState(null);
          if (created) void navigate(`/skills/instance/${created.skillId}`);
        }}
      />
    </div>
  );
}
