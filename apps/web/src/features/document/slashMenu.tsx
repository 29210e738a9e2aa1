/**
 * The slash menu: typing "/" in the editor opens a list of block commands (filtered by what
 * follows the slash); arrows move, Enter or a click applies, Escape closes.
 */
import { useEffect, useRef, useState } from 'react';
import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion } from '@tiptap/suggestion';
import type { BlockCommand } from './blockCommands';
import { useTranslation } from 'react-i18next';

export interface SlashState {
  query: string;
  rect: DOMRect | null;
  editor: Editor;
  range: Range;
}

export interface SlashBridge {
  onChange: (state: SlashState | null) => void;
  onKeyDown: (event: KeyboardEvent) => boolean;
}

/** The editor side; `bridge` is a mutable object the React menu fills in. */
export const SlashCommands = Extension.create<{ bridge: SlashBridge }>({
  name: 'slashCommands',
  addOptions() {
    return { bridge: { onChange: () => undefined, onKeyDown: () => false } };
  },
  addProseMirrorPlugins() {
    const { bridge } = this.options;
    return [
      Suggestion<string, string>({
        pluginKey: new PluginKey('slashCommands'),
        editor: this.editor,
        char: '/',
        items: ({ query }) => [query],
        render: () => {
          const publish = (p: {
            query: string;
            editor: Editor;
            range: Range;
            clientRect?: (() => DOMRect | null) | null;
          }) => {
            let rect = p.clientRect?.() ?? null;
            if (!rect) {
              const at = p.editor.view.coordsAtPos(p.range.from);
              rect = new DOMRect(at.left, at.top, 0, at.bottom - at.top);
            }
            bridge.onChange({ query: p.query, editor: p.editor, range: p.range, rect });
          };
          return {
            onStart: publish,
            onUpdate: publish,
            onExit: () => bridge.onChange(null),
            onKeyDown: ({ event }) => bridge.onKeyDown(event),
          };
        },
      }),
    ];
  },
});

export function SlashMenu({
  bridge,
  commands,
  pickImage,
}: {
  bridge: SlashBridge;
  commands: (query: string) => BlockCommand[];
  pickImage: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'document' });
  const [state, setState] = useState<SlashState | null>(null);
  const [active, setActive] = useState(0);
  const items = state ? commands(state.query) : [];
  const latest = useRef({ state, items, active });
  latest.current = { state, items, active };

  useEffect(() => {
    const apply = (command: BlockCommand | undefined) => {
      const current = latest.current.state;
      if (!command || !current) return;
      current.editor.chain().focus().deleteRange(current.range).run();
      command.run(current.editor, { pickImage });
      setState(null);
    };
    bridge.onChange = (next) => {
      setState(next);
      if (!next || next.query !== latest.current.state?.query) setActive(0);
    };
    bridge.onKeyDown = (event) => {
      const { state: current, items: list, active: index } = latest.current;
      if (!current) return false;
      if (event.key === 'ArrowDown') {
        setActive((index + 1) % Math.max(1, list.length));
        return true;
      }
      if (event.key === 'ArrowUp') {
        setActive((index - 1 + list.length) % Math.max(1, list.length));
        return true;
      }
      if (event.key === 'Enter') {
        if (list.length === 0) return false;
        apply(list[index]);
        return true;
      }
      if (event.key === 'Escape') {
        setState(null);
        return true;
      }
      return false;
    };
    applyRef.current = apply;
    return () => {
      bridge.onChange = () => undefined;
      bridge.onKeyDown = () => false;
    };
  }, [bridge, pickImage]);
  const applyRef = useRef<(c: BlockCommand | undefined) => void>(() => undefined);

  if (!state?.rect) return null;
  return (
    <div
      className="doc-slash-menu"
      role="listbox"
      data-testid="slash-menu"
      style={{ top: state.rect.bottom + 4, left: state.rect.left }}
      onMouseDown={(e) => e.preventDefault()}
    >
      {items.length === 0 ? (
        <div className="doc-slash-menu__empty">{t('slash.empty')}</div>
      ) : (
        items.map((item, index) => (
          <button
            key={item.key}
            type="button"
            role="option"
            aria-selected={index === active}
            data-testid={`slash-item-${item.key}`}
            className={`doc-slash-menu__item${index === active ? ' is-active' : ''}`}
            onMouseEnter={() => setActive(index)}
            onClick={() => applyRef.current(item)}
          >
            <span className="doc-slash-menu__icon">{item.icon}</span>
            {t(`toolbar.${item.key}`)}
          </button>
        ))
      )}
    </div>
  );
}
