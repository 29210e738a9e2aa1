/** The previews of each artifact type; all render offline, in the browser. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Alert, Button, Input, Spin, Switch } from 'antd';
import { CopyOutlined, DownloadOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { MindMapNode } from '@atelier/contract';
import { Markdown } from '../ai/Markdown';
import { CodeEditor } from './CodeEditor';
import { SandboxFrame } from './SandboxFrame';
import { compileReact, renderMermaid, sanitizeSvg } from './render';
import type { ToSandbox } from './sandbox/protocol';
import { addChild, addSibling, newCardId, parseMindMap, removeCard, renameCard } from './mindMap';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../platform/saveFile';

export { renderMermaid, sanitizeSvg } from './render';

function downloadText(text: string, fileName: string, type: string) {
  saveBlob(new Blob([text], { type }), fileName);
}

const safeName = (title: string) => (title.trim() || 'artifact').replace(/[\\/:*?"<>|]+/g, '_');

/** The per-artifact "Allow network access" switch of a sandboxed preview (off by default). */
function NetworkSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'artifact' });
  return (
    <label className="artifact-network-switch">
      <Switch size="small" checked={checked} onChange={onChange} data-testid="artifact-allow-network" />{' '}
      {t('allowNetwork')}
    </label>
  );
}

export function HtmlPreview({ content, title }: { content: string; title: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'artifact' });
  const [error, setError] = useState<string | null>(null);
  const [allowNetwork, setAllowNetwork] = useState(false);
  const message = useMemo<ToSandbox>(() => ({ type: 'atelier:html', html: content }), [content]);
  return (
    <div className="artifact-preview artifact-preview--frame">
      <NetworkSwitch checked={allowNetwork} onChange={setAllowNetwork} />
      {error && <Alert type="error" title={t('runtimeError')} description={error} showIcon />}
      <SandboxFrame message={message} title={title} onError={setError} allowNetwork={allowNetwork} />
    </div>
  );
}

export function ReactPreview({ content, title }: { content: string; title: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'artifact' });
  const [message, setMessage] = useState<ToSandbox | null>(null);
  const [compileError, setCompileError] = useState<string | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [allowNetwork, setAllowNetwork] = useState(false);
  useEffect(() => {
    let live = true;
    compileReact(content).then(
      (code) => {
        if (!live) return;
        setCompileError(null);
        setMessage({ type: 'atelier:react', code });
      },
      (error: unknown) => {
        if (live) setCompileError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [content]);
  const error = compileError ?? runError;
  return (
    <div className="artifact-preview artifact-preview--frame">
      <NetworkSwitch checked={allowNetwork} onChange={setAllowNetwork} />
      {error && (
        <Alert
          type="error"
          title={compileError ? t('reactCompileError') : t('runtimeError')}
          description={<pre className="artifact-error">{error}</pre>}
          showIcon
          data-testid="artifact-error"
        />
      )}
      {message ? (
        <SandboxFrame message={message} title={title} onError={setRunError} allowNetwork={allowNetwork} />
      ) : (
        <Spin />
      )}
    </div>
  );
}

export function SvgPreview({ content, title }: { content: string; title: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'artifact' });
  const { message } = App.useApp();
  const svg = useMemo(() => sanitizeSvg(content), [content]);
  const download = () => {
    if (!svg) {
      void message.error(t('svgDownloadError'));
      return;
    }
    downloadText(svg, `${safeName(title)}.svg`, 'image/svg+xml');
  };
  return (
    <div className="artifact-preview">
      <div className="artifact-preview__actions">
        <Button size="small" icon={<DownloadOutlined />} onClick={download} data-testid="svg-download">
          {t('svgDownload')}
        </Button>
      </div>
      {svg ? (
        <div className="artifact-svg" data-testid="artifact-svg" dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <div className="artifact-preview__empty">{t('svgEmpty')}</div>
      )}
    </div>
  );
}

export function MermaidPreview({ content, title, dark }: { content: string; title: string; dark: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'artifact' });
  const { message } = App.useApp();
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const scratch = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    const host = scratch.current;
    if (!host) return;
    // nothing to draw yet (a new artifact, or its text still loading): no diagram, no error
    if (!content.trim()) {
      setSvg(null);
      setError(null);
      return;
    }
    void renderMermaid(content, dark, host).then(
      (rendered) => {
        if (!live) return;
        setSvg(rendered);
        setError(null);
      },
      (err: unknown) => {
        if (!live) return;
        setSvg(null);
        setError(err instanceof Error ? err.message : String(err));
      },
    );
    return () => {
      live = false;
    };
  }, [content, dark]);

  const copy = async () => {
    try {
      if (!svg) throw new Error('nothing rendered');
      await navigator.clipboard.writeText(content);
      void message.success(t('mermaidCopied'));
    } catch {
      void message.error(t('mermaidCopyError'));
    }
  };
  const download = () => {
    if (!svg) {
      void message.error(t('mermaidDownloadError'));
      return;
    }
    downloadText(svg, `${safeName(title)}.svg`, 'image/svg+xml');
  };
  return (
    <div className="artifact-preview">
      <div className="artifact-preview__actions">
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="mermaid-copy">
          {t('mermaidCopy')}
        </Button>
        <Button size="small" icon={<DownloadOutlined />} onClick={download} data-testid="mermaid-download">
          {t('mermaidDownload')}
        </Button>
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('mermaidRenderError')}
          description={<pre className="artifact-error">{error}</pre>}
          data-testid="artifact-error"
        />
      ) : svg ? (
        <div
          className="artifact-mermaid"
          data-testid="artifact-mermaid"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : (
        <Spin />
      )}
      {/* mermaid draws here to measure its text; hidden, inside this frame */}
      <div ref={scratch} className="artifact-mermaid-scratch" aria-hidden="true" />
    </div>
  );
}

export function MarkdownPreview({ content }: { content: string }) {
  // the app's one Markdown renderer (citation markers as [n] links, no raw HTML)
  return (
    <div className="artifact-preview">
      <Markdown text={content} className="artifact-markdown" testId="artifact-markdown" />
    </div>
  );
}

export function CodePreview({
  content,
  language,
  dark,
}: {
  content: string;
  language?: string | null;
  dark: boolean;
}) {
  return (
    <div className="artifact-preview artifact-preview--code">
      <CodeEditor
        value={content}
        type="code"
        language={language}
        readOnly
        dark={dark}
        className="artifact-code"
      />
    </div>
  );
}

function MindMapCard({
  node,
  isRoot,
  selected,
  readOnly,
  onSelect,
  onRename,
}: {
  node: MindMapNode;
  isRoot: boolean;
  selected: string | null;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onRename: (id: string, label: string) => void;
}) {
  return (
    <div className="mindmap-branch">
      <div
        className={`mindmap-card${isRoot ? ' is-root' : ''}${selected === node.id ? ' is-selected' : ''}`}
        data-testid="mindmap-card"
        data-card-id={node.id}
        onClick={() => onSelect(node.id)}
      >
        {selected === node.id && !readOnly ? (
          <Input
            size="small"
            variant="borderless"
            defaultValue={node.label}
            autoFocus
            onBlur={(e) => onRename(node.id, e.target.value)}
            onPressEnter={(e) => e.currentTarget.blur()}
          />
        ) : (
          node.label || '…'
        )}
      </div>
      {node.children && node.children.length > 0 && (
        <div className="mindmap-children">
          {node.children.map((child) => (
            <MindMapCard
              key={child.id}
              node={child}
              isRoot={false}
              selected={selected}
              readOnly={readOnly}
              onSelect={onSelect}
              onRename={onRename}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export function MindMapPreview({
  content,
  readOnly,
  onChange,
}: {
  content: string;
  readOnly: boolean;
  onChange: (content: string) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'artifact' });
  const { message } = App.useApp();
  const root = useMemo(() => parseMindMap(content), [content]);
  const [selected, setSelected] = useState<string | null>(null);
  if (!root) {
    return (
      <div className="artifact-preview">
        <Alert type="error" showIcon title={t('invalidMindMap')} data-testid="mindmap-invalid" />
      </div>
    );
  }
  const target = selected ?? root.id;
  const write = (next: MindMapNode) => onChange(JSON.stringify(next, null, 2));
  const card = (): MindMapNode => ({ id: newCardId(), label: t('newCard') });
  return (
    <div className="artifact-preview">
      {!readOnly && (
        <div className="artifact-preview__actions">
          <Button
            size="small"
            icon={<PlusOutlined />}
            data-testid="mindmap-add-child"
            onClick={() => write(addChild(root, target, card()))}
          >
            {t('addChild')}
          </Button>
          <Button
            size="small"
            icon={<PlusOutlined />}
            data-testid="mindmap-add-sibling"
            onClick={() => {
              const next = addSibling(root, target, card());
              if (next) write(next);
              else void message.info(t('rootNoSibling'));
            }}
          >
            {t('addSibling')}
          </Button>
          <Button
            size="small"
            icon={<MinusOutlined />}
            disabled={target === root.id}
            data-testid="mindmap-remove"
            onClick={() => {
              write(removeCard(root, target));
              setSelected(null);
            }}
          >
            {t('remove')}
          </Button>
        </div>
      )}
      <div className="mindmap" data-testid="artifact-mindmap">
        <MindMapCard
          node={root}
          isRoot
          selected={selected}
          readOnly={readOnly}
          onSelect={setSelected}
          onRename={(id, label) => {
            if (label.trim()) write(renameCard(root, id, label.trim()));
          }}
        />
      </div>
    </div>
  );
}
