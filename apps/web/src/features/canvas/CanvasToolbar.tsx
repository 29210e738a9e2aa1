/**
 * The canvas toolbar: add memo, document, code artifact, website and image; group; undo and
 * redo; export as image; the view toggles (persisted per user); read-only and the save state.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Form, Input, Modal, Popover, Segmented, Switch, Tooltip, Upload } from 'antd';
import {
  ArrowLeftOutlined,
  CameraOutlined,
  CodeOutlined,
  FileAddOutlined,
  GlobalOutlined,
  GroupOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SearchOutlined,
  SettingOutlined,
  SnippetsOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type * as Y from 'yjs';
import { CodeArtifactTypeSchema, type CodeArtifactType } from '@atelier/contract';
import { checkRule } from '../../components/formRules';
import { CollabStatusBadge } from './CollabStatusBadge';
import type { CanvasPreferences, NodeSizeMode, OperationMode, PointerMode } from './canvasPreferences';
import { useCanvasT } from './useCanvasT';
import type { CollabStatus } from './useCollab';

export const CANVAS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const CANVAS_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export interface CanvasToolbarProps {
  /** The canvas's labels and their picker, beside the title. */
  labels?: ReactNode;
  /** The Share button (features/share), at the end of the toolbar. */
  share?: ReactNode;
  /** Who else has the canvas open (avatars), before the save status. */
  presence?: ReactNode;
  /** The title, renamed in place (CanvasTitle). */
  title: ReactNode;
  status: CollabStatus;
  readOnly: boolean;
  undoManager: Y.UndoManager | null;
  canGroup: boolean;
  preferences: CanvasPreferences;
  onPreferenceChange: <K extends keyof CanvasPreferences>(key: K, value: CanvasPreferences[K]) => void;
  onLayoutNow: () => void;
  onBack: () => void;
  onAddMemo: () => void;
  onAddDocument: () => void;
  onAddCodeArtifact: (type: CodeArtifactType) => void;
  onAddWebsite: (url: string) => void;
  onAddImage: (file: File) => void;
  onImageRejected: (problem: 'type' | 'size') => void;
  onGroup: () => void;
  onExportImage: () => void;
  onReadOnlyChange: (readOnly: boolean) => void;
  /** Opens the search box on the canvas. */
  onSearch?: () => void;
  /** Opens the shortcut sheet. */
  onShowShortcuts?: () => void;
}

function useUndoState(undoManager: Y.UndoManager | null) {
  const [state, setState] = useState({ undo: false, redo: false });
  useEffect(() => {
    if (!undoManager) return;
    const update = () => setState({ undo: undoManager.canUndo(), redo: undoManager.canRedo() });
    update();
    undoManager.on('stack-item-added', update);
    undoManager.on('stack-item-popped', update);
    undoManager.on('stack-cleared', update);
    return () => {
      undoManager.off('stack-item-added', update);
      undoManager.off('stack-item-popped', update);
      undoManager.off('stack-cleared', update);
    };
  }, [undoManager]);
  return state;
}

function ViewSettings(
  props: Pick<CanvasToolbarProps, 'preferences' | 'onPreferenceChange' | 'onLayoutNow' | 'readOnly'>,
) {
  const ct = useCanvasT();
  const { preferences: p, onPreferenceChange: set } = props;
  const toggle = (key: 'clickPreview' | 'edgesShown' | 'launchpadShown' | 'autoLayout' | 'hoverGuide') => (
    <label className="canvas-view__row" key={key}>
      <span>{ct(`prefs.${key}`)}</span>
      <Switch
        size="small"
        checked={p[key]}
        onChange={(v) => set(key, v)}
        data-testid={`canvas-pref-${key}`}
      />
    </label>
  );
  return (
    <div className="canvas-view" data-testid="canvas-view-settings">
      {toggle('clickPreview')}
      {toggle('edgesShown')}
      {toggle('launchpadShown')}
      {toggle('hoverGuide')}
      <div className="canvas-view__row">
        <span>{ct('prefs.autoLayout')}</span>
        <span className="canvas-view__inline">
          <Button
            size="small"
            type="link"
            disabled={props.readOnly}
            onClick={props.onLayoutNow}
            data-testid="canvas-layout-now"
          >
            {ct('prefs.layoutNow')}
          </Button>
          <Switch
            size="small"
            checked={p.autoLayout}
            onChange={(v) => set('autoLayout', v)}
            data-testid="canvas-pref-autoLayout"
          />
        </span>
      </div>
      <div className="canvas-view__row">
        <span>{ct('prefs.sizeMode')}</span>
        <Segmented<NodeSizeMode>
          size="small"
          value={p.sizeMode}
          onChange={(v) => set('sizeMode', v)}
          options={[
            { value: 'compact', label: ct('prefs.compact') },
            { value: 'adaptive', label: ct('prefs.adaptive') },
          ]}
          data-testid="canvas-pref-sizeMode"
        />
      </div>
      <div className="canvas-view__row">
        <span>{ct('prefs.pointerMode')}</span>
        <Segmented<PointerMode>
          size="small"
          value={p.pointerMode}
          onChange={(v) => set('pointerMode', v)}
          options={[
            { value: 'select', label: ct('prefs.select') },
            { value: 'hand', label: ct('prefs.hand') },
          ]}
          data-testid="canvas-pref-pointerMode"
        />
      </div>
      <div className="canvas-view__row">
        <span>{ct('prefs.operationMode')}</span>
        <Segmented<OperationMode>
          size="small"
          value={p.operationMode}
          onChange={(v) => set('operationMode', v)}
          options={[
            { value: 'mouse', label: ct('prefs.mouse') },
            { value: 'touchpad', label: ct('prefs.touchpad') },
          ]}
          data-testid="canvas-pref-operationMode"
        />
      </div>
    </div>
  );
}

export function CanvasToolbar(props: CanvasToolbarProps) {
  const { t } = useTranslation();
  const ct = useCanvasT();
  const { readOnly, undoManager } = props;
  const undo = useUndoState(undoManager);
  const [websiteOpen, setWebsiteOpen] = useState(false);
  const [websiteForm] = Form.useForm<{ url: string }>();

  const websiteUrlProblem = (url: string): string | null => {
    const value = url.trim();
    if (!value) return t('canvas.toolbar.websiteRequired');
    let valid = false;
    try {
      const parsed = new URL(value);
      valid = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
    } catch {
      valid = false;
    }
    return valid ? null : t('canvas.toolbar.websiteInvalid');
  };
  const submitWebsite = ({ url }: { url: string }) => {
    props.onAddWebsite(url.trim());
    setWebsiteOpen(false);
    websiteForm.resetFields();
  };

  return (
    <div className="canvas-toolbar" data-testid="canvas-toolbar">
      <Tooltip title={t('canvas.toolbar.back')}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={props.onBack}
          aria-label={t('canvas.toolbar.back')}
        />
      </Tooltip>
      {props.title}
      {props.labels}
      <span className="canvas-toolbar__group">
        <Tooltip title={t('canvas.toolbar.addMemo')}>
          <Button
            icon={<SnippetsOutlined />}
            disabled={readOnly}
            // a click leaves the keyboard where it was (the new memo takes it): a focused button
            // would turn each Space typed next into one more memo
            onMouseDown={(e) => e.preventDefault()}
            onClick={props.onAddMemo}
            aria-label={t('canvas.toolbar.addMemo')}
            data-testid="canvas-add-memo"
          >
            <span className="canvas-toolbar__label">{t('canvas.toolbar.addMemo')}</span>
          </Button>
        </Tooltip>
        <Tooltip title={t('canvas.toolbar.addDocument')}>
          <Button
            icon={<FileAddOutlined />}
            disabled={readOnly}
            onClick={props.onAddDocument}
            aria-label={t('canvas.toolbar.addDocument')}
            data-testid="canvas-add-document"
          >
            <span className="canvas-toolbar__label">{t('canvas.toolbar.addDocument')}</span>
          </Button>
        </Tooltip>
        <Dropdown
          disabled={readOnly}
          trigger={['click']}
          menu={{
            items: CodeArtifactTypeSchema.options.map((type) => ({
              key: type,
              label: <span data-testid={`canvas-add-artifact-${type}`}>{ct(`artifactTypes.${type}`)}</span>,
            })),
            onClick: ({ key }) => props.onAddCodeArtifact(key as CodeArtifactType),
          }}
        >
          <Button
            icon={<CodeOutlined />}
            disabled={readOnly}
            aria-label={ct('toolbar.addCodeArtifact')}
            title={ct('toolbar.addCodeArtifact')}
            data-testid="canvas-add-artifact"
          >
            <span className="canvas-toolbar__label">{ct('toolbar.addCodeArtifact')}</span>
          </Button>
        </Dropdown>
        <Tooltip title={t('canvas.toolbar.addWebsite')}>
          <Button
            icon={<GlobalOutlined />}
            disabled={readOnly}
            onClick={() => setWebsiteOpen(true)}
            aria-label={t('canvas.toolbar.addWebsite')}
            data-testid="canvas-add-website"
          />
        </Tooltip>
        <Upload
          accept={CANVAS_IMAGE_TYPES.join(',')}
          showUploadList={false}
          disabled={readOnly}
          beforeUpload={(file) => {
            if (!(CANVAS_IMAGE_TYPES as readonly string[]).includes(file.type)) props.onImageRejected('type');
            else if (file.size > CANVAS_IMAGE_MAX_BYTES) props.onImageRejected('size');
            else props.onAddImage(file);
            return false;
          }}
        >
          <Tooltip title={ct('toolbar.addImage')}>
            <Button
              icon={<PictureOutlined />}
              disabled={readOnly}
              aria-label={ct('toolbar.addImage')}
              data-testid="canvas-add-image"
            />
          </Tooltip>
        </Upload>
        <Tooltip title={ct('toolbar.group')}>
          <Button
            icon={<GroupOutlined />}
            disabled={readOnly || !props.canGroup}
            onClick={props.onGroup}
            aria-label={ct('toolbar.group')}
            data-testid="canvas-group"
          />
        </Tooltip>
        <Tooltip title={t('canvas.toolbar.undo')}>
          <Button
            icon={<UndoOutlined />}
            disabled={readOnly || !undo.undo}
            onClick={() => undoManager?.undo()}
            aria-label={t('canvas.toolbar.undo')}
            data-testid="canvas-undo"
          />
        </Tooltip>
        <Tooltip title={t('canvas.toolbar.redo')}>
          <Button
            icon={<RedoOutlined />}
            disabled={readOnly || !undo.redo}
            onClick={() => undoManager?.redo()}
            aria-label={t('canvas.toolbar.redo')}
            data-testid="canvas-redo"
          />
        </Tooltip>
      </span>
      <span className="canvas-toolbar__end">
        {props.onSearch ? (
          <Tooltip title={ct('search.open')}>
            <Button
              icon={<SearchOutlined />}
              onClick={props.onSearch}
              aria-label={ct('search.open')}
              data-testid="canvas-search-button"
            />
          </Tooltip>
        ) : null}
        {props.onShowShortcuts ? (
          <Tooltip title={ct('shortcuts.open')}>
            <Button
              icon={<QuestionCircleOutlined />}
              onClick={props.onShowShortcuts}
              aria-label={ct('shortcuts.title')}
              data-testid="canvas-shortcuts-button"
            />
          </Tooltip>
        ) : null}
        <Tooltip title={ct('toolbar.exportImage')}>
          <Button
            icon={<CameraOutlined />}
            onClick={props.onExportImage}
            aria-label={ct('toolbar.exportImage')}
            data-testid="canvas-export-image"
          />
        </Tooltip>
        <Popover
          trigger="click"
          placement="bottomRight"
          title={ct('toolbar.view')}
          content={
            <ViewSettings
              preferences={props.preferences}
              onPreferenceChange={props.onPreferenceChange}
              onLayoutNow={props.onLayoutNow}
              readOnly={readOnly}
            />
          }
        >
          <Button
            icon={<SettingOutlined />}
            aria-label={ct('toolbar.view')}
            data-testid="canvas-view-button"
          />
        </Popover>
        <label className="canvas-toolbar__switch">
          <Switch
            size="small"
            checked={readOnly}
            onChange={props.onReadOnlyChange}
            data-testid="canvas-readonly"
          />
          {t('canvas.toolbar.readOnly')}
        </label>
        {props.presence}
        <CollabStatusBadge status={props.status} />
        {props.share}
      </span>
      <Modal
        open={websiteOpen}
        title={t('canvas.toolbar.websiteTitle')}
        okText={t('canvas.toolbar.add')}
        cancelText={t('common.cancel')}
        onOk={() => websiteForm.submit()}
        onCancel={() => setWebsiteOpen(false)}
        destroyOnHidden
      >
        <Form
          form={websiteForm}
          layout="vertical"
          initialValues={{ url: '' }}
          // checked when added; typing clears the message
          onValuesChange={() => websiteForm.setFields([{ name: 'url', errors: [] }])}
          onFinish={submitWebsite}
        >
          <Form.Item
            name="url"
            label={t('canvas.toolbar.websiteUrl')}
            validateTrigger={[]}
            rules={[checkRule(websiteUrlProblem)]}
          >
            <Input placeholder="https://" autoFocus data-testid="canvas-website-url" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
