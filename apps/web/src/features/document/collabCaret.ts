/**
 * Collaborator carets: each editor publishes its user (name, colour) in the Hocuspocus awareness
 * and y-tiptap's cursor plugin draws the other users' carets and selections. This is what
 * Tiptap's CollaborationCaret extension does; that package is not published for the Tiptap
 * version the editor is pinned to (3.32.2), so the same plugin is wired here directly. The name
 * and colour come from features/collab/collabUser (the canvas shows the same ones).
 */
import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { collabTint, safeCollabColor, type CollabUser } from '../collab/collabUser';

type Awareness = NonNullable<HocuspocusProvider['awareness']>;

function renderCaret(user: Partial<CollabUser>): HTMLElement {
  const color = safeCollabColor(user.color);
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

export const CollabCaret = Extension.create<{ awareness: Awareness | null; user: CollabUser }>({
  name: 'collabCaret',
  addOptions() {
    return { awareness: null, user: { name: '', color: safeCollabColor(null) } };
  },
  addProseMirrorPlugins() {
    const { awareness, user } = this.options;
    if (!awareness) return [];
    awareness.setLocalStateField('user', user);
    return [
      yCursorPlugin(awareness, {
        cursorBuilder: (u: Partial<CollabUser>) => renderCaret(u),
        selectionBuilder: (u: Partial<CollabUser>) => ({
          style: `background-color: ${collabTint(safeCollabColor(u.color), 20)}`,
          class: 'collab-selection',
        }),
      }),
    ];
  },
});
