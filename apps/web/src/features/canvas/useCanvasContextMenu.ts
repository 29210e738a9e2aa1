/**
 * The right-click menu of the canvas: where it opened and on what (a node, a selection, the
 * pane), which items it offers there, and what each item does.
 */
import { useState, type RefObject } from 'react';
import type { MenuProps } from 'antd';
import { useReactFlow, type NodeChange } from '@xyflow/react';
import type * as Y from 'yjs';
import { getNode, removeNodes } from '@atelier/canvas';
import type { ContextMenuState } from './CanvasContextMenu';
import { ungroupNode } from './canvasOps';
import { previewTargetOf } from './previewTarget';
import { useCanvasT } from './useCanvasT';
import type { FlowNode } from './useCanvasFlow';
import type { PlaceNode } from './useCanvasPlacement';

type MenuItems = NonNullable<MenuProps['items']>;

interface ContextMenuInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  wrapper: RefObject<HTMLDivElement | null>;
  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  placeNode: PlaceNode;
  /** Called when a menu opens (the hover guide hides). */
  onOpen: () => void;
  actions: {
    open: (nodeId: string) => void;
    copy: (ids: readonly string[]) => Promise<void>;
    paste: (at?: { x: number; y: number }) => Promise<void>;
    duplicate: (ids: readonly string[]) => void;
    group: (ids: readonly string[]) => void;
  };
}

export function useCanvasContextMenu(input: ContextMenuInput) {
  const { doc, readOnly, wrapper, actions } = input;
  const ct = useCanvasT();
  const flow = useReactFlow<FlowNode>();
  const [menu, setMenu] = useState<ContextMenuState | null>(null);

  const openMenu = (
    event: React.MouseEvent | MouseEvent,
    kind: ContextMenuState['kind'],
    nodeIds: string[],
  ) => {
    event.preventDefault();
    const rect = wrapper.current?.getBoundingClientRect();
    if (!rect) return;
    input.onOpen();
    setMenu({
      left: event.clientX - rect.left,
      top: event.clientY - rect.top,
      kind,
      nodeIds,
      flowPosition: flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }),
    });
  };

  const itemsOf = (state: ContextMenuState): MenuItems => {
    const edit = !readOnly;
    if (state.kind === 'pane')
      return [
        { key: 'addMemo', label: ct('menu.addMemo'), disabled: !edit },
        { key: 'paste', label: ct('menu.paste'), disabled: !edit },
        { key: 'selectAll', label: ct('menu.selectAll') },
      ];
    const single = state.nodeIds.length === 1 && doc ? getNode(doc, state.nodeIds[0] ?? '') : undefined;
    const items: MenuItems = [];
    if (single && previewTargetOf(single)) items.push({ key: 'open', label: ct('menu.open') });
    items.push(
      { key: 'copy', label: ct('menu.copy') },
      { key: 'duplicate', label: ct('menu.duplicate'), disabled: !edit },
    );
    if (state.nodeIds.length > 1) items.push({ key: 'group', label: ct('menu.group'), disabled: !edit });
    if (single?.type === 'group') items.push({ key: 'ungroup', label: ct('menu.ungroup'), disabled: !edit });
    items.push(
      { type: 'divider' },
      { key: 'delete', label: ct('menu.delete'), danger: true, disabled: !edit },
    );
    return items;
  };

  const select = (state: ContextMenuState, key: string) => {
    const ids = state.nodeIds;
    if (key === 'open' && ids[0]) actions.open(ids[0]);
    else if (key === 'copy') void actions.copy(ids);
    else if (key === 'paste') void actions.paste(state.flowPosition);
    else if (key === 'duplicate') actions.duplicate(ids);
    else if (key === 'group') actions.group(ids);
    else if (key === 'ungroup' && doc && ids[0]) ungroupNode(doc, ids[0]);
    else if (key === 'delete' && doc && !readOnly) removeNodes(doc, ids);
    else if (key === 'addMemo')
      input.placeNode({ type: 'memo', data: { title: '' } }, { at: state.flowPosition });
    else if (key === 'selectAll')
      input.onNodesChange(flow.getNodes().map((n) => ({ type: 'select', id: n.id, selected: true })));
  };

  /** Handlers for React Flow: right-click on a node, a selection or the pane; a click closes. */
  const flowHandlers = {
    onNodeContextMenu: (e: React.MouseEvent, node: FlowNode) => {
      const selected = flow
        .getNodes()
        .filter((n) => n.selected)
        .map((n) => n.id);
      const inSelection = node.selected && selected.length > 1;
      openMenu(e, inSelection ? 'selection' : 'node', inSelection ? selected : [node.id]);
    },
    onSelectionContextMenu: (e: React.MouseEvent, selected: FlowNode[]) =>
      openMenu(
        e,
        'selection',
        selected.map((n) => n.id),
      ),
    onPaneContextMenu: (e: React.MouseEvent | MouseEvent) => openMenu(e, 'pane', []),
    onPaneClick: () => setMenu(null),
  };

  return {
    menu,
    items: menu ? itemsOf(menu) : [],
    onSelect: (key: string) => menu && select(menu, key),
    close: () => setMenu(null),
    flowHandlers,
  };
}
