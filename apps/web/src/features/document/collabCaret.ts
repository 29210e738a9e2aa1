/**
 * Collaborator carets: each editor publishes its user (name, colour) in the Hocuspocus awareness
 * and y-tiptap's cursor plugin draws the other users' carets and selections. This is what
 * Tiptap's CollaborationCaret extension does; that package is not published for the Tiptap
 * version the editor is pinned to (3.32.2), so the same plugin is wired here directly.
 */
import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { HocuspocusProvider } from '@hocuspocus/provider';

type Awareness = NonNullable<HocuspocusProvider['awareness']>;

export interface CaretUser {
  name: string;
  color: string;
}

const COLORS = ['#e8590c', '#1c7ed6', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#d6336c', '#5c940d'];

/** A stable colour per user id, so a collaborator keeps the same colour everywhere. */
export function caretColor(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i += 1) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  return COLORS[Math.abs(hash) % COLORS.length] ?? '#1c7ed6';
}

function renderCaret(user: Partial<CaretUser>): HTMLElement {
  const color = user.color ?? '#1c7ed6';
  const caret = document.createElement('span');
  caret.className = 'collab-caret';
  caret.setAttribute('data-testid', 'collab-caret');
  caret.style.borderColor = color;
  const label = document.createElement('span');
  label.className = 'collab-caret__label';
  label.style.backgroundColor = color;
  label.textContent = user.name ?? '';
  caret.append(label);
  return caret;
}

export const CollabCaret = Extension.create<{ awareness: Awareness | null; user: CaretUser }>({
  name: 'collabCaret',
  addOptions() {
    return { awareness: null, user: { name: '', color: '#1c7ed6' } };
  },
  addProseMirrorPlugins() {
    const { awareness, user } = this.options;
    if (!awareness) return [];
    awareness.setLocalStateField('user', user);
    return [
      yCursorPlugin(awareness, {
        cursorBuilder: (u: Partial<CaretUser>) => renderCaret(u),
        selectionBuilder: (u: Partial<CaretUser>) => ({
          style: `background-color: ${u.color ?? '#1c7ed6'}33`,
          class: 'collab-selection',
        }),
      }),
    ];
  },
});
