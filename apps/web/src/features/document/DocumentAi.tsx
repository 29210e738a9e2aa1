/**
 * AI in the document editor: selecting text shows an "AI" button beside it (Ctrl/Cmd+J opens the
 * menu with or without a selection); the menu offers Rewrite, Shorten, Expand, Translate, Continue
 * writing and a free instruction. The answer streams into a card under the selection, with the
 * original struck through; Accept replaces the selection through the editor (so Yjs carries it to
 * collaborators and undo takes it back), Discard leaves the document as it was, Stop ends the run
 * and keeps what came. Refusals and provider errors show the catalogue message and change nothing.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Input, Select, Space, Tooltip, type InputRef } from 'antd';
import {
  CheckOutlined,
  CloseOutlined,
  EditOutlined,
  ExpandAltOutlined,
  LoadingOutlined,
  SendOutlined,
  SettingOutlined,
  ShrinkOutlined,
  StarOutlined,
  StopOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type CitationAnchor, type Locale, type SkillEvent } from '@atelier/contract';
import { api } from '../../api/client';
import { currentLocale } from '../../i18n/i18n';
import { useUiStore } from '../../stores/uiStore';
import { Markdown } from '../ai/Markdown';
import { citedMarkdown, insertableCitations } from '../ai/citations';
import { sourcesOf, type RunSource } from '../ai/skillStore';
import { streamSkill } from '../ai/skillStream';
import {
  TRANSLATE_LANGUAGES,
  acceptSuggestion,
  docAiInvoke,
  documentCitations,
  selectionMarkdown,
  setSuggestionRange,
  settledRange,
  suggestionRange,
  type DocAiAction,
  type TranslateLanguage,
} from './docAi';

type Phase = 'idle' | 'menu' | 'streaming' | 'done' | 'error';

interface Run {
  action: DocAiAction;
  /** The answer as streamed: clean text, its citations beside it. */
  text: string;
  citations: CitationAnchor[];
  sources: RunSource[];
  error: string | null;
  resultId: string | null;
  /** Accept found the selected words changed meanwhile and wrote nothing. */
  stale?: boolean;
}

/**
 * The editor's selection as the page shows it now. A key pressed right after Shift+arrows can
 * reach the editor before its state has read the last selection change (Chromium reports those
 * later), so Ctrl/Cmd+J reads the DOM's selection, falling back to the editor's state.
 */
function liveSelection(editor: Editor): { from: number; to: number } {
  const { view } = editor;
  const dom = view.dom.ownerDocument.getSelection();
  if (
    dom?.anchorNode &&
    dom.focusNode &&
    view.dom.contains(dom.anchorNode) &&
    view.dom.contains(dom.focusNode)
  ) {
    try {
      const anchor = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
      const head = view.posAtDOM(dom.focusNode, dom.focusOffset);
      return { from: Math.min(anchor, head), to: Math.max(anchor, head) };
    } catch {
      // a node the editor does not map (a widget): its own state below
    }
  }
  return { from: editor.state.selection.from, to: editor.state.selection.to };
}

/** Opens the menu from the editor's keyboard shortcut (set by the component, read by the extension). */
export interface DocAiBridge {
  open: () => boolean;
}

const ICONS: Record<Exclude<DocAiAction, 'custom'>, React.ReactNode> = {
  rewrite: <EditOutlined />,
  shorten: <ShrinkOutlined />,
  expand: <ExpandAltOutlined />,
  translate: <TranslationOutlined />,
  continue: <SendOutlined />,
};

function uiLanguage(): TranslateLanguage {
  return currentLocale() === 'zh-CN' ? 'zh-CN' : 'en';
}

function errCodeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'errCode' in err ? String(err.errCode) : 'E0001';
}

export function DocumentAi({
  editor,
  docId,
  host,
  bridge,
}: {
  editor: Editor;
  docId: string;
  /** The element the editor's widget decoration shows under the selected block. */
  host: HTMLElement;
  bridge: DocAiBridge;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'document.ai' });
  const [phase, setPhase] = useState<Phase>('idle');
  const [run, setRun] = useState<Run | null>(null);
  const [instruction, setInstruction] = useState('');
  const [language, setLanguage] = useState<TranslateLanguage>(uiLanguage);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<InputRef>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const controller = useRef<AbortController | null>(null);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const selection = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      from: e.state.selection.from,
      to: e.state.selection.to,
      empty: e.state.selection.empty,
      focused: e.isFocused,
    }),
  });

  /** Places the button or menu under the end of the selection, inside the panel body. */
  const measure = useCallback(() => {
    const root = rootRef.current?.offsetParent;
    const range = suggestionRange(editor);
    const pos = range ? range.to : editor.state.selection.to;
    if (!root) return;
    try {
      const at = editor.view.coordsAtPos(pos);
      const box = root.getBoundingClientRect();
      // the menu is up to 420px wide: keep it inside the panel
      const maxLeft = Math.max(8, box.width - 436);
      setPlace({
        top: at.bottom - box.top + 6,
        left: Math.min(maxLeft, Math.max(8, at.left - box.left - 12)),
      });
    } catch {
      setPlace(null);
    }
  }, [editor]);

  useLayoutEffect(() => {
    if (phase === 'idle' || phase === 'menu') measure();
  }, [measure, phase, selection.from, selection.to]);

  useEffect(() => {
    const scroller = editor.view.dom.closest('.doc-editor__scroll');
    const onScroll = () => measure();
    scroller?.addEventListener('scroll', onScroll);
    return () => scroller?.removeEventListener('scroll', onScroll);
  }, [editor, measure]);

  const closeMenu = useCallback(
    (refocus: boolean) => {
      setPhase('idle');
      setInstruction('');
      if (suggestionRange(editor)) setSuggestionRange(editor, null);
      if (refocus) editor.commands.focus();
    },
    [editor],
  );

  const openMenu = useCallback(() => {
    if (!editor.isEditable || phaseRef.current === 'streaming' || phaseRef.current === 'done') return false;
    const { from, to } = liveSelection(editor);
    // the selection stays visible while the focus is in the menu
    setSuggestionRange(editor, { from, to, card: false });
    setPhase('menu');
    measure();
    return true;
  }, [editor, measure]);

  useEffect(() => {
    bridge.open = openMenu;
    return () => {
      bridge.open = () => false;
    };
  }, [bridge, openMenu]);

  useEffect(() => {
    if (phase === 'menu') inputRef.current?.focus();
    if (phase === 'done') acceptRef.current?.focus();
  }, [phase]);

  // leaving the document stops listening (the server finishes and records the run)
  useEffect(() => () => controller.current?.abort(), []);

  const start = (action: DocAiAction) => {
    const stored = suggestionRange(editor);
    // the words selected when the menu opened, where they stand now (a collaborator's change
    // may have moved them)
    const range = (stored && settledRange(editor.state.doc, stored)) ?? {
      from: editor.state.selection.from,
      to: editor.state.selection.to,
    };
    const hasText = range.from < range.to && action !== 'continue';
    const from = hasText ? range.from : range.to;
    const to = range.to;
    const selected = hasText ? selectionMarkdown(editor.state.doc, from, to) : null;
    if (action === 'custom' && !instruction.trim()) return;
    const $at = editor.state.doc.resolve(to);
    const invoke = docAiInvoke({
      action,
      docId,
      selection: selected || null,
      instruction,
      language,
      nearby: $at.parent.textContent,
    });
    // the thread is named by the action and its text, never by the prompt the app wrote
    const about = (selected || $at.parent.textContent).replace(/\s+/g, ' ').trim().slice(0, 80);
    const title = about ? `${t(`actions.${action}`)}: ${about}` : t(`actions.${action}`);
    const body = action === 'custom' ? invoke : { ...invoke, input: { ...invoke.input, title } };
    setSuggestionRange(editor, { from, to, card: true });
    setRun({ action, text: '', citations: [], sources: [], error: null, resultId: null });
    setPhase('streaming');
    setInstruction('');
    const abort = new AbortController();
    controller.current = abort;
    let failed: string | null = null;
    const onEvent = (event: SkillEvent) => {
      if (abort.signal.aborted) return;
      if (event.event === 'start') setRun((r) => r && { ...r, resultId: event.resultId });
      if (event.event === 'stream' && (event.content || event.citations?.length)) {
        const delta = event.content ?? '';
        const cited = event.citations ?? [];
        setRun((r) => r && { ...r, text: r.text + delta, citations: [...r.citations, ...cited] });
      }
      if (event.event === 'structured_data') {
        const sources = sourcesOf(event.structuredData);
        if (sources.length) setRun((r) => r && { ...r, sources });
      }
      if (event.event === 'error') failed = event.error ?? 'E3001';
    };
    streamSkill(body, onEvent, abort.signal)
      .then(() => {
        if (abort.signal.aborted) return;
        if (failed) {
          setRun((r) => r && { ...r, error: failed });
          setPhase('error');
        } else {
          setPhase('done');
        }
      })
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        setRun((r) => r && { ...r, error: errCodeOf(err) });
        setPhase('error');
      })
      .finally(() => {
        if (controller.current === abort) controller.current = null;
      });
  };

  const stop = () => {
    const current = controller.current;
    controller.current = null;
    current?.abort();
    if (run?.resultId)
      void api.call('action.abort', { body: { resultId: run.resultId } }).catch(() => undefined);
    if (run?.text.trim()) setPhase('done');
    else discard();
  };

  const discard = () => {
    controller.current?.abort();
    controller.current = null;
    setRun(null);
    closeMenu(true);
  };

  const accept = () => {
    if (!run?.text.trim()) return discard();
    // citations become `[n]` links numbered on from the document's own (docs/decisions.md)
    const markdown = citedMarkdown(run.text, run.citations, run.sources, documentCitations(editor.state.doc));
    if (!acceptSuggestion(editor, markdown)) {
      setRun({ ...run, stale: true });
      return;
    }
    setRun(null);
    setPhase('idle');
  };

  const onCardKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (phase === 'streaming') stop();
      else discard();
    }
  };

  // with the menu open, what it was opened on (the page's selection at that moment; the editor's
  // own state may not have taken the last Shift+arrow yet)
  const menuRange = phase === 'menu' ? suggestionRange(editor) : null;
  const hasSelection = menuRange ? menuRange.from < menuRange.to : !selection.empty;
  const showTrigger = phase === 'idle' && hasSelection && selection.focused && editor.isEditable;
  const actionLabel = (action: DocAiAction) => t(`actions.${action}`);

  const card = run && phase !== 'menu' && phase !== 'idle' && (
    <div
      className="doc-ai-card"
      data-testid="doc-ai-suggestion"
      data-phase={phase}
      role="region"
      aria-label={t('suggestion')}
      aria-live="polite"
      onKeyDown={onCardKey}
    >
      <div className="doc-ai-card__head">
        <span className="doc-ai-card__title">
          {phase === 'streaming' ? <LoadingOutlined /> : <StarOutlined />} {t('suggestion')} ·{' '}
          {actionLabel(run.action)}
        </span>
      </div>
      {phase === 'error' && run.error ? (
        <Alert
          type="error"
          showIcon
          data-testid="doc-ai-error"
          message={errorMessage(run.error, currentLocale() as Locale)}
          action={
            run.error === 'E0014' ? (
              <Button
                size="small"
                icon={<SettingOutlined />}
                onClick={() => useUiStore.getState().openSettings('providers')}
              >
                {t('openSettings')}
              </Button>
            ) : undefined
          }
        />
      ) : run.text ? (
        <Markdown
          text={run.text}
          citations={run.sources}
          // what Accept keeps: citations of sources that open somewhere
          anchors={insertableCitations(run.citations, run.sources)}
          className="doc-ai-card__text"
          testId="doc-ai-suggestion-text"
        />
      ) : (
        <div className="doc-ai-card__waiting">{t('writing')}</div>
      )}
      {run.stale && <Alert type="warning" showIcon data-testid="doc-ai-stale" message={t('stale')} />}
      <Space className="doc-ai-card__actions" size={6}>
        {phase === 'streaming' && (
          <Button size="small" icon={<StopOutlined />} onClick={stop} data-testid="doc-ai-stop">
            {t('stop')}
          </Button>
        )}
        {phase === 'done' && !run.stale && (
          <Button
            ref={acceptRef}
            size="small"
            type="primary"
            icon={<CheckOutlined />}
            onClick={accept}
            data-testid="doc-ai-accept"
          >
            {t('accept')}
          </Button>
        )}
        {phase !== 'streaming' && (
          <Button size="small" icon={<CloseOutlined />} onClick={discard} data-testid="doc-ai-discard">
            {phase === 'error' ? t('close') : t('discard')}
          </Button>
        )}
      </Space>
    </div>
  );

  return (
    <>
      <div ref={rootRef} className="doc-ai-anchor" aria-hidden={!showTrigger && phase !== 'menu'} />
      {showTrigger && place && (
        <Tooltip title={t('shortcut')}>
          <Button
            className="doc-ai-trigger"
            style={{ top: place.top, left: place.left }}
            size="small"
            icon={<StarOutlined />}
            // keep the editor's selection: the click must not take the focus first
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => openMenu()}
            data-testid="doc-ai-trigger"
          >
            {t('askAi')}
          </Button>
        </Tooltip>
      )}
      {phase === 'menu' && (
        <div
          className="doc-ai-menu"
          style={place ? { top: place.top, left: place.left } : undefined}
          data-testid="doc-ai-menu"
          role="dialog"
          aria-label={t('menuLabel')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              closeMenu(true);
            }
          }}
        >
          <Input
            ref={inputRef}
            size="small"
            value={instruction}
            maxLength={2000}
            placeholder={hasSelection ? t('askPlaceholder') : t('askPlaceholderCursor')}
            onChange={(e) => setInstruction(e.target.value)}
            onPressEnter={() => start('custom')}
            data-testid="doc-ai-input"
            suffix={
              <Button
                type="text"
                size="small"
                icon={<SendOutlined />}
                disabled={!instruction.trim()}
                onClick={() => start('custom')}
                aria-label={t('send')}
                data-testid="doc-ai-send"
              />
            }
          />
          <div className="doc-ai-menu__actions">
            {hasSelection &&
              (['rewrite', 'shorten', 'expand'] as const).map((action) => (
                <Button
                  key={action}
                  size="small"
                  type="text"
                  icon={ICONS[action]}
                  onClick={() => start(action)}
                  data-testid={`doc-ai-action-${action}`}
                >
                  {actionLabel(action)}
                </Button>
              ))}
            {hasSelection && (
              <Space.Compact size="small" className="doc-ai-menu__translate">
                <Button
                  size="small"
                  type="text"
                  icon={ICONS.translate}
                  onClick={() => start('translate')}
                  data-testid="doc-ai-action-translate"
                >
                  {actionLabel('translate')}
                </Button>
                <Select<TranslateLanguage>
                  size="small"
                  variant="borderless"
                  value={language}
                  onChange={setLanguage}
                  popupMatchSelectWidth={false}
                  aria-label={t('targetLanguage')}
                  data-testid="doc-ai-language"
                  options={TRANSLATE_LANGUAGES.map((code) => ({
                    value: code,
                    label: t(`languages.${code}`),
                  }))}
                />
              </Space.Compact>
            )}
            <Button
              size="small"
              type="text"
              icon={ICONS.continue}
              onClick={() => start('continue')}
              data-testid="doc-ai-action-continue"
            >
              {actionLabel('continue')}
            </Button>
          </div>
        </div>
      )}
      {card && createPortal(card, host)}
    </>
  );
}
