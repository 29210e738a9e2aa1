/**
 * The template library (/templates, spec section 2): all templates or mine, category chips,
 * a language filter (the UI language by default), a debounced search, featured first (the
 * server's order). A card previews the template's share in the viewer (new tab) and "Use
 * template" duplicates it into the caller's account, then opens the new canvas. On Mine a card
 * can be edited or deleted.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type ButtonProps,
  App,
  Button,
  Dropdown,
  Empty,
  Input,
  Select,
  Spin,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { EyeOutlined, MoreOutlined, SearchOutlined, StarFilled } from '@ant-design/icons';
import type { Template } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { useDebounced } from '../library/LibrarySearchResults';
import { SYSTEM_AUTHOR_UID } from './templateAuthor';
import { TemplateFormModal, type TemplateFormTarget } from './TemplateFormModal';
import { categoryLabel, hueOf, useTemplateCategories, useTemplateMutations } from './templateQueries';
import './templates.css';

type Scope = 'all' | 'mine';
const ALL = 'all';

export function TemplatesPage() {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'templates' });
  const [params, setParams] = useSearchParams();
  const scope: Scope = params.get('tab') === 'mine' ? 'mine' : 'all';
  const [categoryId, setCategoryId] = useState<string>(ALL);
  const [language, setLanguage] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  // the UI language until the user picks another (also after switching the UI language)
  const lang = language ?? i18n.language;
  const categories = useTemplateCategories();
  const list = useApiQuery('template.list', {
    query: {
      scope,
      pageSize: 100,
      ...(categoryId !== ALL ? { categoryId } : {}),
      ...(lang !== ALL ? { language: lang } : {}),
      ...(q ? { q } : {}),
    },
  });
  const [editing, setEditing] = useState<TemplateFormTarget | null>(null);

  return (
    <div className="templates-page" data-testid="templates-page">
      <header className="templates-page__header">
        <h1 className="templates-page__title">{t('title')}</h1>
        <p className="templates-page__subtitle">{t('subtitle')}</p>
      </header>
      <Tabs
        activeKey={scope}
        onChange={(key) => setParams(key === 'mine' ? { tab: 'mine' } : {})}
        items={[
          { key: 'all', label: <span data-testid="templates-tab-all">{t('tabAll')}</span> },
          { key: 'mine', label: <span data-testid="templates-tab-mine">{t('tabMine')}</span> },
        ]}
      />
      <div className="templates-filters">
        <div className="templates-chips" role="group" aria-label={t('title')}>
          {[{ categoryId: ALL, label: t('allCategories') }]
            .concat(
              (categories.data ?? []).map((c) => ({
                categoryId: c.categoryId,
                label: categoryLabel(c, i18n.language),
              })),
            )
            .map((c) => (
              <Tag.CheckableTag
                key={c.categoryId}
                checked={categoryId === c.categoryId}
                onChange={() => setCategoryId(c.categoryId)}
                data-testid={`templates-category-${c.categoryId}`}
              >
                {c.label}
              </Tag.CheckableTag>
            ))}
        </div>
        <div className="templates-filters__right">
          <Select
            value={lang}
            onChange={setLanguage}
            className="templates-filters__language"
            data-testid="templates-language"
            options={[
              { value: 'en', label: t('languages.en') },
              { value: 'zh-CN', label: t('languages.zh-CN') },
              { value: ALL, label: t('allLanguages') },
            ]}
          />
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="templates-filters__search"
            data-testid="templates-search"
          />
        </div>
      </div>
      {list.isPending ? (
        <Spin className="templates-page__spin" />
      ) : (list.data ?? []).length === 0 ? (
        <TemplatesEmpty scope={scope} />
      ) : (
        <div className="templates-grid" data-testid="templates-grid">
          {list.data?.map((template) => (
            <TemplateCard
              key={template.templateId}
              template={template}
              mine={scope === 'mine'}
              onEdit={() => setEditing({ kind: 'edit', template })}
            />
          ))}
        </div>
      )}
      <TemplateFormModal target={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function TemplatesEmpty({ scope }: { scope: Scope }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'templates' });
  const navigate = useNavigate();
  return (
    <Empty
      className="templates-empty"
      data-testid="templates-empty"
      description={scope === 'mine' ? t('emptyMine') : t('emptyAll')}
    >
      {scope === 'mine' ? (
        <Button type="primary" onClick={() => void navigate('/canvas')}>
          {t('goCanvases')}
        </Button>
      ) : null}
    </Empty>
  );
}

function TemplateCover({ template }: { template: Template }) {
  if (template.coverUrl) return <img src={template.coverUrl} alt="" loading="lazy" />;
  // a generated cover: a soft gradient from the title's hue with the title's first letter
  const hue = hueOf(template.title);
  return (
    <div
      className="template-card__generated"
      style={{
        background: `linear-gradient(135deg, hsl(${hue} 55% 60%), hsl(${(hue + 40) % 360} 55% 48%))`,
      }}
      aria-hidden
    >
      <span>{[...template.title][0]?.toUpperCase() ?? ''}</span>
    </div>
  );
}

function TemplateCard({ template, mine, onEdit }: { template: Template; mine: boolean; onEdit: () => void }) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'templates' });
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { remove, update } = useTemplateMutations();
  const use = useApiMutation('share.duplicate', { invalidates: ['canvas.list'] });
  const author =
    template.shareUser.uid === SYSTEM_AUTHOR_UID
      ? t('builtinAuthor')
      : (template.shareUser.nickname ?? template.shareUser.name ?? '');

  const useTemplate = () => {
    const key = `template-use-${template.templateId}`;
    void message.open({ key, type: 'loading', content: t('duplicating'), duration: 0 });
    // the new canvas is named like the template (a starting point, not a "(copy)" of someone's canvas)
    use.mutate(
      { body: { shareId: template.shareId, title: template.title } },
      {
        onSuccess: (copy) => {
          void message.open({ key, type: 'success', content: t('ready'), duration: 2 });
          void navigate(`/canvas/${copy.entityId}`);
        },
        onError: () => message.destroy(key),
      },
    );
  };

  // A template whose link was revoked from "Shared by me" cannot be previewed or used: its owner
  // publishes the canvas again (a new link, version + 1) or deletes it.
  const publishAgain = () =>
    update.mutate(
      { body: { templateId: template.templateId, republish: true } },
      { onSuccess: () => void message.success(t('publishedAgain')) },
    );

  const confirmDelete = () =>
    modal.confirm({
      title: t('deleteTitle', { title: template.title }),
      content: t('deleteBody'),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'template-delete-confirm' } as ButtonProps,
      cancelText: t('cancel'),
      onOk: () =>
        remove
          .mutateAsync({ body: { templateId: template.templateId } })
          .then(() => void message.success(t('deleted'))),
    });

  return (
    <article className="template-card" data-testid="template-card" data-template-id={template.templateId}>
      <div className="template-card__cover">
        <TemplateCover template={template} />
        {template.featured ? (
          <span className="template-card__featured">
            <StarFilled /> {t('featured')}
          </span>
        ) : null}
      </div>
      <div className="template-card__body">
        <h3 className="template-card__title" data-testid="template-card-title" title={template.title}>
          {template.title}
        </h3>
        {template.description ? <p className="template-card__description">{template.description}</p> : null}
        <div className="template-card__meta">
          {template.category ? (
            <Tag bordered={false} data-testid="template-card-category">
              {categoryLabel(template.category, i18n.language)}
            </Tag>
          ) : null}
          {author ? <span className="template-card__author">{t('by', { name: author })}</span> : null}
        </div>
      </div>
      <footer className="template-card__actions">
        {template.linkRevoked ? (
          <>
            <Tooltip title={t('linkRevokedHint')}>
              <Tag color="warning" bordered={false} data-testid="template-link-revoked">
                {t('linkRevoked')}
              </Tag>
            </Tooltip>
            <Button
              type="primary"
              loading={update.isPending}
              onClick={publishAgain}
              data-testid="template-publish-again"
            >
              {t('publishAgain')}
            </Button>
          </>
        ) : (
          <>
            <Button
              icon={<EyeOutlined />}
              href={`/share/${template.shareId}`}
              target="_blank"
              rel="noopener"
              data-testid="template-preview"
            >
              {t('preview')}
            </Button>
            <Button type="primary" loading={use.isPending} onClick={useTemplate} data-testid="template-use">
              {use.isPending ? t('duplicating') : t('use')}
            </Button>
          </>
        )}
        {mine ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'edit', label: <span data-testid="template-edit">{t('edit')}</span> },
                {
                  key: 'delete',
                  danger: true,
                  label: <span data-testid="template-delete">{t('delete')}</span>,
                },
              ],
              onClick: ({ key }) => {
                if (key === 'edit') onEdit();
                else confirmDelete();
              },
            }}
          >
            <Button type="text" icon={<MoreOutlined />} aria-label={t('edit')} data-testid="template-menu" />
          </Dropdown>
        ) : null}
      </footer>
    </article>
  );
}
