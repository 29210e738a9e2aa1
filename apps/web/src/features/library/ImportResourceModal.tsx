/**
 * Resource import (spec section 2): web search (search the web through the user's web-search
 * provider, pick results, import them as web links), file upload with a progress bar per file,
 * image upload, web links (several, one per line), pasted text, and the web clipper's explanation. A full library
 * (E2001) opens the storage-exceeded dialog; too-large files say so on their row.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Progress,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import {
  CloseOutlined,
  FileAddOutlined,
  FileTextOutlined,
  GlobalOutlined,
  PictureOutlined,
  ScissorOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useApiMutation, useInvalidateRoutes } from '../../api/apiQuery';
import {
  ApiError,
  HttpUrlSchema,
  LIMITS,
  type CreateResource,
  type SearchResult,
  type WebSearchResult,
} from '@atelier/contract';
import { useUiStore } from '../../stores/uiStore';
import { webSearchProviderNames } from '../settings/providers/providerKinds';
import { useProviders } from '../settings/providers/providerQueries';
import { reportError } from '../../components/errorToast/reporter';
import { checkRule } from '../../components/formRules';
import {
  isFileTooLarge,
  isQuotaError,
  LIBRARY_ROUTES,
  uploadResourceFile,
  useCreateResources,
} from './libraryQueries';
import { useQuotaDialog } from './useQuotaDialog';
import type { ScopedT } from '../../i18n/types';

type LibraryT = ScopedT<'library'>;

export type ImportTab = 'webSearch' | 'file' | 'image' | 'weblink' | 'text' | 'clipper';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

type UploadState = 'uploading' | 'done' | 'error';
interface UploadRow {
  key: string;
  name: string;
  percent: number;
  state: UploadState;
  error?: string;
}

/** Splits the links box into links; an empty list or a non-http(s) line is an error message key. */
export function parseLinks(
  text: string,
):
  | { links: string[]; error?: undefined }
  | { links?: undefined; error: 'linksRequired' | 'linkInvalid' | 'tooManyLinks'; line?: string } {
  const links = [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  if (links.length === 0) return { error: 'linksRequired' };
  const bad = links.find((l) => !HttpUrlSchema.safeParse(l).success);
  if (bad !== undefined) return { error: 'linkInvalid', line: bad };
  if (links.length > LIMITS.maxBatchItems) return { error: 'tooManyLinks' };
  return { links };
}

function FilesPane({
  kind,
  t,
  onQuota,
}: {
  kind: 'file' | 'image';
  t: LibraryT;
  onQuota: (e: unknown) => void;
}) {
  const invalidate = useInvalidateRoutes();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const counter = useRef(0);
  const patch = (key: string, change: Partial<UploadRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const start = (file: File) => {
    counter.current += 1;
    const key = `${counter.current}-${file.name}`;
    if (kind === 'image' && !IMAGE_TYPES.includes(file.type)) {
      setRows((all) => [
        ...all,
        { key, name: file.name, percent: 0, state: 'error', error: t('import.noImage') },
      ]);
      return;
    }
    setRows((all) => [...all, { key, name: file.name, percent: 0, state: 'uploading' }]);
    uploadResourceFile(file, (fraction) => patch(key, { percent: Math.round(fraction * 100) })).then(
      () => {
        patch(key, { percent: 100, state: 'done' });
        void invalidate(LIBRARY_ROUTES);
      },
      (err: unknown) => {
        const tooLarge = isFileTooLarge(err);
        patch(key, {
          state: 'error',
          error: tooLarge
            ? t('import.fileTooLarge')
            : err instanceof Error && err.message
              ? err.message
              : t('import.uploadFailed'),
        });
        if (isQuotaError(err)) onQuota(err);
        else if (!tooLarge) reportError(err);
      },
    );
  };

  return (
    <div className="library-import__pane">
      <Upload.Dragger
        multiple
        showUploadList={false}
        accept={kind === 'image' ? IMAGE_TYPES.join(',') : undefined}
        beforeUpload={(file) => {
          start(file);
          return false;
        }}
        data-testid={`import-${kind}-drop`}
      >
        <p className="ant-upload-drag-icon">{kind === 'image' ? <PictureOutlined /> : <FileAddOutlined />}</p>
        <p className="ant-upload-text">{t(kind === 'image' ? 'import.dropImages' : 'import.dropFiles')}</p>
        <p className="ant-upload-hint">
          {t(kind === 'image' ? 'import.dropImagesHint' : 'import.dropFilesHint')}
        </p>
      </Upload.Dragger>
      {rows.length > 0 ? (
        <ul className="library-import__uploads" data-testid="import-uploads">
          {rows.map((row) => (
            <li
              key={row.key}
              className="library-import__upload"
              data-testid="import-upload"
              data-state={row.state}
            >
              <span className="library-import__upload-name">{row.name}</span>
              <Progress
                percent={row.percent}
                size="small"
                status={row.state === 'error' ? 'exception' : row.state === 'done' ? 'success' : 'active'}
              />
              {row.error ? (
                <Typography.Text type="danger" className="library-import__upload-error">
                  {row.error}
                </Typography.Text>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function LinksPane({
  t,
  onDone,
  onQuota,
}: {
  t: LibraryT;
  onDone: (n: number) => void;
  onQuota: (e: unknown) => void;
}) {
  const createResources = useCreateResources();
  const [form] = Form.useForm<{ links: string }>();
  const linksProblem = (text: string): string | null => {
    const parsed = parseLinks(text);
    if (!parsed.error) return null;
    return parsed.error === 'tooManyLinks'
      ? t('import.tooManyLinks', { max: LIMITS.maxBatchItems })
      : parsed.error === 'linkInvalid'
        ? `${t('import.linkInvalid')}. ${t('import.badLine', { line: parsed.line ?? '' })}`
        : t('import.linksRequired');
  };
  const save = ({ links }: { links: string }) => {
    const items: CreateResource[] = (parseLinks(links).links ?? []).map((url) => ({
      resourceType: 'weblink',
      title: url,
      data: { url },
    }));
    createResources.create(items).then(
      (rows) => {
        form.resetFields();
        onDone(rows.length);
      },
      (err: unknown) => (isQuotaError(err) ? onQuota(err) : reportError(err)),
    );
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className="library-import__pane"
      initialValues={{ links: '' }}
      onFinish={save}
    >
      <Form.Item
        name="links"
        htmlFor="import-links"
        label={<span className="library-import__label">{t('import.linksLabel')}</span>}
        validateTrigger={[]}
        rules={[checkRule(linksProblem)]}
      >
        <Input.TextArea
          id="import-links"
          rows={6}
          placeholder={t('import.linksPlaceholder')}
          data-testid="import-links"
        />
      </Form.Item>
      <div className="library-import__footer">
        <Button
          type="primary"
          htmlType="submit"
          loading={createResources.isPending}
          data-testid="import-links-save"
        >
          {t('import.save')}
        </Button>
      </div>
    </Form>
  );
}

function TextPane({
  t,
  onDone,
  onQuota,
}: {
  t: LibraryT;
  onDone: (n: number) => void;
  onQuota: (e: unknown) => void;
}) {
  const createResources = useCreateResources();
  const [form] = Form.useForm<{ title: string; content: string }>();
  // one message for the pair, under the content
  const textProblem = (content: string, getFieldValue: (name: string) => unknown): string | null => {
    const title = String(getFieldValue('title') ?? '');
    if (!title.trim() || !content.trim()) return t('import.textRequired');
    return content.length > LIMITS.maxContentChars ? t('import.textTooLong') : null;
  };
  const save = ({ title, content }: { title: string; content: string }) => {
    createResources.create([{ resourceType: 'text', title: title.trim(), content }]).then(
      () => {
        form.resetFields();
        onDone(1);
      },
      (err: unknown) => (isQuotaError(err) ? onQuota(err) : reportError(err)),
    );
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className="library-import__pane"
      initialValues={{ title: '', content: '' }}
      onFinish={save}
    >
      <Form.Item
        name="title"
        htmlFor="import-text-title"
        label={<span className="library-import__label">{t('import.textTitle')}</span>}
      >
        <Input id="import-text-title" maxLength={512} data-testid="import-text-title" />
      </Form.Item>
      <Form.Item
        name="content"
        htmlFor="import-text-content"
        label={<span className="library-import__label">{t('import.textContent')}</span>}
        validateTrigger={[]}
        rules={[checkRule(textProblem)]}
      >
        <Input.TextArea id="import-text-content" rows={8} data-testid="import-text-content" />
      </Form.Item>
      <div className="library-import__footer">
        <Button
          type="primary"
          htmlType="submit"
          loading={createResources.isPending}
          data-testid="import-text-save"
        >
          {t('import.save')}
        </Button>
      </div>
    </Form>
  );
}

const isWebResult = (r: SearchResult): r is WebSearchResult => 'url' in r && 'snippet' in r;

/** The setup guide's web-search step, where a missing provider is added and checked. */
function WebSearchSetupLink({ t }: { t: LibraryT }) {
  return (
    <Button
      size="small"
      type="link"
      onClick={() => useUiStore.getState().openSettings('setupGuide')}
      data-testid="import-web-setup"
    >
      {t('import.webSetup')}
    </Button>
  );
}

function WebSearchPane({
  t,
  language,
  onDone,
  onQuota,
}: {
  t: LibraryT;
  language: string;
  onDone: (n: number) => void;
  onQuota: (e: unknown) => void;
}) {
  const providers = useProviders();
  const search = useApiMutation('search.query', { meta: { silent: true } });
  const createResources = useCreateResources();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<WebSearchResult[] | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<{ missing: boolean; text: string } | null>(null);
  const configured = providers.data?.some((p) => p.enabled && p.categories.includes('webSearch'));
  const names = webSearchProviderNames(language);

  const run = async () => {
    const q = query.trim();
    if (!q) return;
    setFailure(null);
    try {
      const found = await search.mutateAsync({ body: { source: 'web', q, limit: 10 } });
      setResults(found.filter(isWebResult));
      setPicked(new Set());
    } catch (err) {
      const missing = err instanceof ApiError && err.errCode === 'E1015';
      setFailure({
        missing,
        text: missing
          ? t('import.webNotConfigured', { names })
          : t('import.webFailed', { message: err instanceof Error ? err.message : String(err) }),
      });
    }
  };

  const toggle = (url: string, on: boolean) =>
    setPicked((all) => {
      const next = new Set(all);
      if (on) next.add(url);
      else next.delete(url);
      return next;
    });

  const save = () => {
    const items: CreateResource[] = (results ?? [])
      .filter((r) => picked.has(r.url))
      .map((r) => ({
        resourceType: 'weblink',
        title: r.name.slice(0, 512),
        data: { url: r.url, title: r.name },
      }));
    createResources.create(items).then(
      (rows) => onDone(rows.length),
      (err: unknown) => (isQuotaError(err) ? onQuota(err) : reportError(err)),
    );
  };

  if (providers.data && !configured && !failure) {
    return (
      <div className="library-import__pane" data-testid="import-web">
        <Alert
          type="info"
          showIcon
          title={t('import.webNotConfigured', { names })}
          action={<WebSearchSetupLink t={t} />}
          data-testid="import-web-missing"
        />
      </div>
    );
  }

  return (
    <div className="library-import__pane" data-testid="import-web">
      <Input.Search
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onSearch={() => void run()}
        enterButton={
          <Button type="primary" icon={<SearchOutlined />} data-testid="import-web-search">
            {t('import.webSearchButton')}
          </Button>
        }
        loading={search.isPending}
        placeholder={t('import.webPlaceholder')}
        maxLength={2048}
        aria-label={t('import.webPlaceholder')}
        data-testid="import-web-query"
      />
      {failure ? (
        <Alert
          className="library-import__web-alert"
          type={failure.missing ? 'info' : 'error'}
          showIcon
          title={failure.text}
          action={failure.missing ? <WebSearchSetupLink t={t} /> : undefined}
          data-testid="import-web-error"
        />
      ) : null}
      {results && results.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('import.webNoResults')} />
      ) : null}
      {results && results.length > 0 ? (
        <ul className="library-import__web-results" data-testid="import-web-results">
          {results.map((r) => (
            <li key={r.url} className="library-import__web-result" data-testid="import-web-result">
              <Checkbox
                checked={picked.has(r.url)}
                onChange={(e) => toggle(r.url, e.target.checked)}
                aria-label={r.name}
                data-testid="import-web-pick"
              />
              <div className="library-import__web-text">
                <a
                  href={r.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="library-import__web-name"
                >
                  {r.name}
                </a>
                <div className="library-import__web-url">{r.url}</div>
                {r.snippet ? <div className="library-import__web-snippet">{r.snippet}</div> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {results && results.length > 0 ? (
        <div className="library-import__footer">
          <Button
            type="primary"
            disabled={picked.size === 0}
            loading={createResources.isPending}
            onClick={save}
            data-testid="import-web-save"
          >
            {t(picked.size === 1 ? 'import.webImport_one' : 'import.webImport_other', { count: picked.size })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ClipperPane({ t }: { t: LibraryT }) {
  return (
    <div className="library-import__pane" data-testid="import-clipper">
      <Typography.Paragraph>{t('import.clipperIntro')}</Typography.Paragraph>
      <ol className="library-import__steps">
        <li>{t('import.clipperStep1')}</li>
        <li>{t('import.clipperStep2')}</li>
        <li>{t('import.clipperStep3')}</li>
        <li>{t('import.clipperStep4')}</li>
      </ol>
      <Typography.Paragraph type="secondary">{t('import.clipperNote')}</Typography.Paragraph>
    </div>
  );
}

export function ImportResourceModal({
  open,
  initialTab = 'file',
  onClose,
}: {
  open: boolean;
  initialTab?: ImportTab;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'library' });
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [tab, setTab] = useState<ImportTab>(initialTab);
  const quota = useQuotaDialog({ leave: onClose });
  const done = (count: number) => {
    void message.success(t(count === 1 ? 'import.saved_one' : 'import.saved_other', { count }));
    onClose();
  };
  const tabs: { key: ImportTab; icon: ReactNode; children: ReactNode }[] = [
    {
      key: 'webSearch',
      icon: <SearchOutlined />,
      children: <WebSearchPane t={t} language={i18n.language} onDone={done} onQuota={quota.show} />,
    },
    {
      key: 'file',
      icon: <FileAddOutlined />,
      children: <FilesPane kind="file" t={t} onQuota={quota.show} />,
    },
    {
      key: 'image',
      icon: <PictureOutlined />,
      children: <FilesPane kind="image" t={t} onQuota={quota.show} />,
    },
    {
      key: 'weblink',
      icon: <GlobalOutlined />,
      children: <LinksPane t={t} onDone={done} onQuota={quota.show} />,
    },
    {
      key: 'text',
      icon: <FileTextOutlined />,
      children: <TextPane t={t} onDone={done} onQuota={quota.show} />,
    },
    { key: 'clipper', icon: <ScissorOutlined />, children: <ClipperPane t={t} /> },
  ];
  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        title={t('import.title')}
        footer={null}
        width={820}
        closeIcon={<CloseOutlined aria-label={tc('common.close')} />}
        destroyOnHidden
        data-testid="import-modal"
      >
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as ImportTab)}
          items={tabs.map(({ key, icon, children }) => ({
            key,
            icon,
            label: <span data-testid={`import-tab-${key}`}>{t(`import.${key}`)}</span>,
            children,
          }))}
        />
      </Modal>
      {quota.dialog}
    </>
  );
}
