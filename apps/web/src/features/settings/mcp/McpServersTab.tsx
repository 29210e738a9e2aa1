/**
 * Settings > MCP servers: the user's tool servers with their status (enabled, disabled, failed),
 * tool count and transport; add and edit in form mode or JSON mode (switching keeps what was
 * typed when it parses), validate (which enables the server when it connects), enable/disable,
 * delete with a confirm, and batch import of JSON with a per-item report.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
} from 'antd';
import {
  ApiOutlined,
  DeleteOutlined,
  EditOutlined,
  ImportOutlined,
  MinusCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { ApiError, type McpImportResult, type McpServer, type UpsertMcpServer } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../../api/apiQuery';
import {
  EMPTY_FORM,
  bodyFromForm,
  bodyFromJson,
  formFromJson,
  formFromServer,
  importBodyFromJson,
  jsonFromForm,
  type McpFormValues,
  type Parsed,
} from './mcpJson';
import '../providers/aiSettings.css';
import './mcp.css';

const URL_PATTERN = /^https?:\/\/\S+$/i;
const invalidates = ['mcpServer.list'] as const;

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

function useMcpMutations() {
  const silent = { invalidates, meta: { silent: true } };
  return {
    create: useApiMutation('mcpServer.create', silent),
    update: useApiMutation('mcpServer.update', silent),
    remove: useApiMutation('mcpServer.delete', silent),
    validate: useApiMutation('mcpServer.validate', silent),
    importJson: useApiMutation('mcpServer.import', silent),
  };
}

/** The body that keeps a stored server as it is (masked values are kept by the server). */
function bodyOfServer(server: McpServer): UpsertMcpServer {
  return {
    name: server.name,
    type: server.type,
    ...(server.url ? { url: server.url } : {}),
    ...(server.headers && Object.keys(server.headers).length ? { headers: server.headers } : {}),
    ...(server.env && Object.keys(server.env).length ? { env: server.env } : {}),
    ...(server.reconnect ? { reconnect: server.reconnect } : {}),
    ...(server.config ? { config: server.config } : {}),
  };
}

function KeyValueList({ name, label }: { name: 'headers' | 'env'; label: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'mcp' });
  return (
    <Form.Item label={label} className="mcp-settings__pairs">
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" className="mcp-settings__pair">
                <Form.Item
                  name={[field.name, 'key']}
                  rules={[{ required: true, whitespace: true, message: t('pairEmpty') }]}
                >
                  <Input placeholder={t('keyPlaceholder')} data-testid={`mcp-${name}-key`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'value']}
                  rules={[{ required: true, whitespace: true, message: t('pairEmpty') }]}
                >
                  <Input placeholder={t('valuePlaceholder')} data-testid={`mcp-${name}-value`} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('removePair')}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => add({ key: '', value: '' })}
            >
              {t('addPair')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

type Feedback = { kind: 'success' | 'error'; text: string } | null;

function McpServerForm({ editing, onDone }: { editing: McpServer | null; onDone: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'mcp' });
  const { message } = App.useApp();
  const [form] = Form.useForm<McpFormValues>();
  const { create, update, validate } = useMcpMutations();
  const initial = editing ? formFromServer(editing) : EMPTY_FORM;
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [json, setJson] = useState(() => jsonFromForm(initial));
  const [feedback, setFeedback] = useState<Feedback>(null);
  // the settings that last passed Validate in this dialog: saving them keeps them enabled
  const [validated, setValidated] = useState<string | null>(null);
  const type = Form.useWatch('type', form) ?? initial.type;
  const jsonError = (parsed: Parsed<unknown>) =>
    parsed.ok
      ? ''
      : parsed.error === 'syntax'
        ? t('jsonSyntax', { detail: parsed.detail ?? '' })
        : t('jsonNotObject');

  /** The body to send, from whichever mode is showing; null (with the reason shown) when it cannot be read. */
  const currentBody = async (): Promise<UpsertMcpServer | null> => {
    if (mode === 'json') {
      const parsed = bodyFromJson(json);
      if (!parsed.ok) {
        setFeedback({ kind: 'error', text: jsonError(parsed) });
        return null;
      }
      return parsed.value as UpsertMcpServer;
    }
    try {
      return bodyFromForm(await form.validateFields());
    } catch {
      return null;
    }
  };

  const switchMode = (next: 'form' | 'json') => {
    setFeedback(null);
    if (next === 'json') {
      setJson(jsonFromForm({ ...initial, ...form.getFieldsValue(true) }));
      setMode('json');
      return;
    }
    const parsed = formFromJson(json);
    if (!parsed.ok) {
      // stay in JSON mode: what was typed is kept, the reason shown
      setFeedback({ kind: 'error', text: jsonError(parsed) });
      return;
    }
    form.setFieldsValue(parsed.value);
    setMode('form');
  };

  const save = async () => {
    setFeedback(null);
    const body = await currentBody();
    if (!body) return;
    try {
      if (editing) {
        if (body.name !== editing.name) body.name = editing.name;
        await update.mutateAsync({ body });
      } else {
        await create.mutateAsync({ body });
      }
      // a server validated here is saved enabled: the server stores a validation of its stored
      // settings (enabled, with its tools), so validate them once more now that they are stored
      if (validated === JSON.stringify(body)) {
        const result = await validate.mutateAsync({ body });
        if (!result.valid) {
          setFeedback({ kind: 'error', text: t('validateFailed', { message: result.error ?? '' }) });
          return;
        }
      }
      void message.success(t('saved'));
      onDone();
    } catch (err) {
      setFeedback({ kind: 'error', text: t('saveFailed', { message: errorText(err) }) });
    }
  };

  const runValidate = async () => {
    setFeedback(null);
    const body = await currentBody();
    if (!body) return;
    try {
      const result = await validate.mutateAsync({ body });
      setValidated(result.valid ? JSON.stringify(body) : null);
      setFeedback(
        result.valid
          ? { kind: 'success', text: t('validateOk', { count: result.tools.length }) }
          : { kind: 'error', text: t('validateFailed', { message: result.error ?? '' }) },
      );
    } catch (err) {
      setFeedback({ kind: 'error', text: t('validateFailed', { message: errorText(err) }) });
    }
  };

  const hasMasks = Boolean(
    editing && (Object.keys(editing.headers ?? {}).length || Object.keys(editing.env ?? {}).length),
  );

  return (
    <div data-testid="mcp-form">
      <Segmented
        className="ai-settings__segmented"
        value={mode}
        onChange={(v) => switchMode(v as 'form' | 'json')}
        options={[
          { value: 'form', label: <span data-testid="mcp-mode-form">{t('formMode')}</span> },
          { value: 'json', label: <span data-testid="mcp-mode-json">{t('jsonMode')}</span> },
        ]}
      />
      <Form<McpFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        hidden={mode !== 'form'}
        onFinish={() => void save()}
      >
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input maxLength={128} disabled={Boolean(editing)} data-testid="mcp-name" />
        </Form.Item>
        <Form.Item name="type" label={t('type')}>
          <Select
            data-testid="mcp-type"
            options={(['streamable', 'sse', 'stdio'] as const).map((value) => ({
              value,
              label: t(`types.${value}`),
            }))}
          />
        </Form.Item>
        {type === 'stdio' ? (
          <Alert type="warning" showIcon className="mcp-settings__alert" message={t('stdioRefused')} />
        ) : (
          <Form.Item
            name="url"
            label={t('url')}
            rules={[
              { required: true, whitespace: true, message: t('urlRequired') },
              { pattern: URL_PATTERN, message: t('urlInvalid') },
            ]}
          >
            <Input
              placeholder={type === 'sse' ? 'https://example.com/sse' : 'https://example.com/mcp'}
              data-testid="mcp-url"
            />
          </Form.Item>
        )}
        <KeyValueList name="headers" label={t('headers')} />
        <KeyValueList name="env" label={t('env')} />
        {hasMasks ? <p className="settings-section-hint">{t('maskedHint')}</p> : null}
      </Form>
      {mode === 'json' ? (
        <div className="mcp-settings__json">
          <label className="mcp-settings__json-label" htmlFor="mcp-json">
            {t('json')}
          </label>
          <Input.TextArea
            id="mcp-json"
            value={json}
            onChange={(e) => setJson(e.target.value)}
            autoSize={{ minRows: 8, maxRows: 18 }}
            spellCheck={false}
            className="mcp-settings__code"
            data-testid="mcp-json"
          />
          <p className="settings-section-hint">{t('jsonHint')}</p>
        </div>
      ) : null}
      {feedback ? (
        <Alert
          type={feedback.kind}
          showIcon
          className="mcp-settings__alert"
          message={feedback.text}
          data-testid="mcp-form-feedback"
        />
      ) : null}
      <div className="ai-settings__form-actions">
        <Button onClick={onDone}>{t('cancel')}</Button>
        <Button
          icon={<ApiOutlined />}
          loading={validate.isPending}
          onClick={() => void runValidate()}
          data-testid="mcp-form-validate"
        >
          {t('validate')}
        </Button>
        <Button
          type="primary"
          loading={create.isPending || update.isPending || (validate.isPending && validated !== null)}
          onClick={() => void save()}
          data-testid="mcp-save"
        >
          {t('save')}
        </Button>
      </div>
    </div>
  );
}

const STATUS_COLOR = { enabled: 'green', disabled: 'default', failed: 'red' } as const;

function McpServerRow({ server, onEdit }: { server: McpServer; onEdit: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'mcp' });
  const { message } = App.useApp();
  const { update, remove, validate } = useMcpMutations();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const status = server.status ?? (server.enabled ? 'enabled' : 'disabled');

  const runValidate = async () => {
    setResult(null);
    try {
      const res = await validate.mutateAsync({ body: bodyOfServer(server) });
      setResult(
        res.valid
          ? { ok: true, text: t('validateOk', { count: res.tools.length }) }
          : { ok: false, text: t('validateFailed', { message: res.error ?? '' }) },
      );
    } catch (err) {
      setResult({ ok: false, text: t('validateFailed', { message: errorText(err) }) });
    }
  };

  const setEnabled = async (enabled: boolean) => {
    // Enabling validates first: a server is enabled by a successful validation.
    if (enabled) return runValidate();
    try {
      await update.mutateAsync({ body: { ...bodyOfServer(server), enabled: false } });
    } catch (err) {
      void message.error(t('disableFailed', { message: errorText(err) }));
    }
  };

  return (
    <li className="ai-settings__row" data-testid="mcp-row" data-name={server.name}>
      <div className="ai-settings__row-main">
        <div className="ai-settings__row-title">
          <span className="ai-settings__name">{server.name}</span>
          <Tag>{t(`types.${server.type}`)}</Tag>
          {server.isGlobal ? (
            <Tooltip title={t('globalHint')}>
              <Tag color="purple" data-testid="mcp-global">
                {t('global')}
              </Tag>
            </Tooltip>
          ) : null}
          {status === 'failed' && server.lastError ? (
            <Tooltip title={server.lastError}>
              <Tag color={STATUS_COLOR[status]} data-testid="mcp-status">
                {t(`status.${status}`)}
              </Tag>
            </Tooltip>
          ) : (
            <Tag color={STATUS_COLOR[status]} data-testid="mcp-status">
              {t(`status.${status}`)}
            </Tag>
          )}
          {server.toolCount != null ? (
            <Tooltip title={(server.tools ?? []).join(', ')}>
              <Tag color="blue" data-testid="mcp-tool-count">
                {t('tools', { count: server.toolCount })}
              </Tag>
            </Tooltip>
          ) : null}
        </div>
        {server.url ? <div className="ai-settings__row-sub ai-settings__url">{server.url}</div> : null}
        {result ? (
          <div
            className={`ai-settings__test ai-settings__test--${result.ok ? 'ok' : 'fail'}`}
            data-testid="mcp-validate-result"
            role="status"
          >
            {result.text}
          </div>
        ) : status === 'failed' && server.lastError ? (
          <div className="ai-settings__test ai-settings__test--fail">{server.lastError}</div>
        ) : null}
      </div>
      {server.isGlobal ? null : (
        <div className="ai-settings__row-actions">
          <Button
            size="small"
            icon={<ApiOutlined />}
            loading={validate.isPending}
            onClick={() => void runValidate()}
            data-testid="mcp-validate"
          >
            {t('validate')}
          </Button>
          <Switch
            size="small"
            checked={server.enabled}
            aria-label={t('enabled')}
            loading={update.isPending || validate.isPending}
            onChange={(enabled) => void setEnabled(enabled)}
            data-testid="mcp-enabled"
          />
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={onEdit} />
          <Popconfirm
            title={t('deleteConfirm', { name: server.name })}
            onConfirm={() =>
              remove
                .mutateAsync({ body: { name: server.name } })
                .then(() => void message.success(t('deleted')))
                .catch((err: unknown) => void message.error(t('deleteFailed', { message: errorText(err) })))
            }
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('delete')}
              data-testid="mcp-delete"
            />
          </Popconfirm>
        </div>
      )}
    </li>
  );
}

function ImportReport({ report }: { report: McpImportResult }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'mcp' });
  const total = report.items.length;
  const title =
    report.failed === 0
      ? t('importAllOk', { count: total })
      : report.created === 0
        ? t('importNoneOk', { failed: report.failed })
        : t('importPartial', { created: report.created, total, failed: report.failed });
  const failures = report.items.filter((i) => !i.ok);
  return (
    <Alert
      type={report.failed === 0 ? 'success' : report.created === 0 ? 'error' : 'warning'}
      showIcon
      className="mcp-settings__alert"
      data-testid="mcp-import-report"
      message={title}
      description={
        failures.length ? (
          <ul className="mcp-settings__failures">
            {failures.map((i) => (
              <li key={i.index} data-testid="mcp-import-failure">
                {t('importItem', {
                  index: i.index + 1,
                  name: i.name ?? '',
                  error:
                    i.reason === 'stdio'
                      ? t('stdioRefused')
                      : i.reason === 'duplicate'
                        ? t('importDuplicate')
                        : (i.error ?? ''),
                })}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

function ImportDialog({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'mcp' });
  const { importJson } = useMcpMutations();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<McpImportResult | null>(null);

  const run = async () => {
    setError(null);
    setReport(null);
    const parsed = importBodyFromJson(text);
    if (!parsed.ok) {
      setError(
        parsed.error === 'syntax' ? t('jsonSyntax', { detail: parsed.detail ?? '' }) : t('importNotList'),
      );
      return;
    }
    try {
      setReport(await importJson.mutateAsync({ body: parsed.value }));
    } catch (err) {
      setError(t('importFailed', { message: errorText(err) }));
    }
  };

  return (
    <div data-testid="mcp-import">
      <p className="settings-section-hint">{t('importHint')}</p>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 18 }}
        spellCheck={false}
        className="mcp-settings__code"
        placeholder={
          '[\n  { "name": "everything", "type": "streamable", "url": "https://example.com/mcp" }\n]'
        }
        data-testid="mcp-import-json"
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          className="mcp-settings__alert"
          message={error}
          data-testid="mcp-import-error"
        />
      ) : null}
      {report ? <ImportReport report={report} /> : null}
      <div className="ai-settings__form-actions mcp-settings__actions">
        <Button onClick={onDone} data-testid="mcp-import-close">
          {t('close')}
        </Button>
        <Button
          type="primary"
          loading={importJson.isPending}
          onClick={() => void run()}
          data-testid="mcp-import-run"
        >
          {t('importRun')}
        </Button>
      </div>
    </div>
  );
}

export function McpServersTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'mcp' });
  const servers = useApiQuery('mcpServer.list');
  const [editing, setEditing] = useState<McpServer | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <div className="ai-settings" data-testid="mcp-tab">
      <div className="ai-settings__head">
        <p className="settings-section-hint">{t('intro')}</p>
        <Space>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="mcp-import-open">
            {t('import')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="mcp-add"
          >
            {t('add')}
          </Button>
        </Space>
      </div>
      {servers.data && servers.data.length === 0 ? <p className="ai-settings__empty">{t('empty')}</p> : null}
      <ul className="ai-settings__list">
        {(servers.data ?? []).map((s) => (
          <McpServerRow key={s.name} server={s} onEdit={() => setEditing(s)} />
        ))}
      </ul>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('add') : t('edit')}
        footer={null}
        width={600}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <McpServerForm editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Modal
        open={importing}
        title={t('importTitle')}
        footer={null}
        width={600}
        onCancel={() => setImporting(false)}
        destroyOnHidden
      >
        {importing ? <ImportDialog onDone={() => setImporting(false)} /> : null}
      </Modal>
    </div>
  );
}
