/** The right-click menu of the canvas (on a node, on a selection, on the empty pane). */
import { useEffect, useRef } from 'react';
import { Menu, type MenuProps } from 'antd';

export interface ContextMenuState {
  /** Position relative to the canvas element, in pixels. */
  left: number;
  top: number;
  kind: 'node' | 'selection' | 'pane';
  /** Node ids the actions apply to (empty on the pane). */
  nodeIds: string[];
  /** Where on the canvas (flow coordinates) the menu was opened: paste and add go there. */
  flowPosition: { x: number; y: number };
}

export function CanvasContextMenu({
  state,
  items,
  onSelect,
  onClose,
}: {
  state: ContextMenuState;
  items: NonNullable<MenuProps['items']>;
  onSelect: (key: string) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return (
    <div
      ref={ref}
      className="canvas-menu"
      style={{ left: state.left, top: state.top }}
      data-testid="canvas-context-menu"
      onContextMenu={(e) => e.preventDefault()}
    >
      <Menu
        selectable={false}
        items={items}
        onClick={({ key }) => {
          onClose();
          onSelect(key);
        }}
      />
    </div>
  );
}
