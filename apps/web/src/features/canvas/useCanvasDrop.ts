/**
 * Dropping and pasting outside content onto the canvas. Files upload to the library (the
 * library's uploader, with a progress row per file) and become resource nodes, or image nodes
 * for images, at the drop point; web links become library links and website nodes; other text
 * becomes a memo. A paste of copied canvas nodes still pastes the nodes. Pasting while typing in
 * a field, an editor or a dialog is left to the browser.
 */
import { useEffect, useRef, useState, type DragEvent, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReactFlow } from '@xyflow/react';
import type * as Y from 'yjs';
import { ApiError } from '@atelier/contract/client';
import { errorMessage, isErrorCode, LIMITS, type Locale, type Resource } from '@atelier/contract';
import { api } from '../../api/client';
import { useInvalidateRoutes } from '../../api/apiQuery';
import { reportError } from '../../components/errorToast/reporter';
import { currentLocale } from '../../i18n/i18n';
import {
  isFileTooLarge,
  isQuotaError,
  LIBRARY_ROUTES,
  uploadResourceFile,
  useCreateResources,
} from '../library/libraryQueries';
import { resourceEntity } from '../library/resourceUtils';
import { useQuotaDialog } from '../library/useQuotaDialog';
import { classifyTransfer, dragKind, dropSlot, isImageFile, type TransferPayload } from './canvasDrop';
import { readSystemClip, readSystemText } from './canvasClipboard';
import type { CanvasClip } from './canvasOps';
import { requestMemoFocus } from './memoFocus';
import { isEditableTarget } from './useCanvasShortcuts';
import { useCanvasT } from './useCanvasT';
import type { FlowNode } from './useCanvasFlow';
import type { PlaceNode } from './useCanvasPlacement';

export type UploadState = 'uploading' | 'done' | 'error';

export interface UploadRow {
  key: string;
  name: string;
  percent: number;
  state: UploadState;
  error?: string;
}

type Point = { x: number; y: number };

interface DropInput {
  doc: Y.Doc | null;
  readOnly: boolean;
  wrapper: RefObject<HTMLDivElement | null>;
  placeNode: PlaceNode;
  /** Pastes copied canvas nodes (the given clip, else the canvas clipboard), at `at` if given. */
  pasteNodes: (clip?: CanvasClip, at?: Point) => Promise<void>;
}

/** A finished row leaves the list after this long; a failed one stays until dismissed. */
const DONE_ROW_MS = 4000;

/** Targets whose paste is the browser's: fields, editors, the preview panel, dialogs. */
const keepsOwnPaste = (target: EventTarget | null) =>
  isEditableTarget(target) ||
  Boolean((target as HTMLElement | null)?.closest?.('.ant-modal-root, .ant-drawer, .ant-popover'));

export function useCanvasDrop({ doc, readOnly, wrapper, placeNode, pasteNodes }: DropInput) {
  const ct = useCanvasT();
  const { t: lt } = useTranslation(undefined, { keyPrefix: 'library' });
  const { message } = App.useApp();
  const flow = useReactFlow<FlowNode>();
  const invalidate = useInvalidateRoutes();
  const createResources = useCreateResources();
  const quota = useQuotaDialog();
  const [dragging, setDragging] = useState<'files' | 'link' | 'text' | null>(null);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const counter = useRef(0);
  const depth = useRef(0);

  const patch = (key: string, change: Partial<UploadRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const dismiss = (key: string) => setRows((all) => all.filter((r) => r.key !== key));

  const failureText = (error: unknown): string => {
    if (isFileTooLarge(error)) return lt('import.fileTooLarge');
    if (error instanceof ApiError && isErrorCode(error.errCode) && error.errCode !== 'E0000')
      return errorMessage(error.errCode, currentLocale() as Locale);
    return ct('messages.uploadFailed');
  };

  /** The node for an uploaded resource: an image node (showing the stored file) or a resource node. */
  const placeUploaded = async (file: File, resource: Resource, at: Point | null) => {
    const options = at ? { at } : {};
    if (isImageFile(file)) {
      const detail = await api.call('knowledge.resource.detail', {
        query: { resourceId: resource.resourceId },
      });
      if (detail.downloadURL) {
        placeNode(
          {
            type: 'image',
            data: {
              title: file.name,
              entityId: resource.resourceId,
              metadata: {
                url: detail.downloadURL,
                resourceId: resource.resourceId,
                ...(resource.rawFileKey ? { storageKey: resource.rawFileKey } : {}),
              },
            },
          },
          options,
        );
        return;
      }
    }
    // the same node as the library's "Add to canvas" makes
    const { entityId, title, contentPreview, metadata } = resourceEntity(resource);
    placeNode(
      {
        type: 'resource',
        data: {
          entityId,
          title: title || file.name,
          contentPreview: (contentPreview ?? '').slice(0, 500),
          metadata: metadata ?? {},
        },
      },
      options,
    );
  };

  const uploadFiles = (files: File[], at: Point | null) => {
    files.forEach((file, index) => {
      counter.current += 1;
      const key = `${counter.current}-${file.name}`;
      setRows((all) => [...all, { key, name: file.name, percent: 0, state: 'uploading' }]);
      const slot = at ? dropSlot(at, index) : null;
      uploadResourceFile(file, (fraction) => patch(key, { percent: Math.round(fraction * 99) }))
        .then(async (resource) => {
          void invalidate(LIBRARY_ROUTES);
          await placeUploaded(file, resource, slot);
          patch(key, { percent: 100, state: 'done' });
          setTimeout(() => dismiss(key), DONE_ROW_MS);
        })
        .catch((error: unknown) => {
          patch(key, { state: 'error', error: failureText(error) });
          if (isQuotaError(error)) quota.show(error);
        });
    });
  };

  const addLinks = async (urls: string[], at: Point | null) => {
    try {
      const created = await createResources.create(
        urls.map((url) => ({ resourceType: 'weblink' as const, title: url, data: { url } })),
      );
      created.forEach((resource, index) => {
        const url = urls[index] ?? '';
        placeNode(
          {
            type: 'website',
            data: {
              title: url,
              entityId: resource.resourceId,
              metadata: { url, resourceId: resource.resourceId },
            },
          },
          at ? { at: dropSlot(at, index) } : {},
        );
      });
    } catch (error) {
      if (isQuotaError(error)) quota.show(error);
      else reportError(error);
    }
  };

  const addText = (text: string, at: Point | null) => {
    if (text.length > LIMITS.maxContentChars) {
      // the catalogue's E2004 message, as the server would answer for a longer content
      void message.error(errorMessage('E2004', currentLocale() as Locale));
      return;
    }
    const id = placeNode(
      { type: 'memo', data: { title: '', contentPreview: text } },
      { reveal: 'readable', ...(at ? { at } : {}) },
    );
    if (id) requestMemoFocus(id);
  };

  const take = (payload: TransferPayload, at: Point | null) => {
    if (payload.kind === 'files') uploadFiles(payload.files, at);
    else if (payload.kind === 'urls') void addLinks(payload.urls, at);
    else if (payload.kind === 'text') addText(payload.text, at ? dropSlot(at, 0) : null);
    else if (payload.kind === 'nodes') void pasteNodes(payload.clip, at ?? undefined);
  };

  /**
   * The context menu's "Paste here" (`at` in canvas coordinates): what the system clipboard
   * holds (nodes, a link or text), else the canvas clipboard.
   */
  const pasteAt = async (at?: Point) => {
    const clip = await readSystemClip();
    if (clip && clip.nodes.length > 0) return pasteNodes(clip, at);
    const text = await readSystemText();
    const payload = classifyTransfer({ types: ['text/plain'], getData: () => text });
    if (payload.kind === 'none') await pasteNodes(undefined, at);
    else take(payload, at ?? null);
  };

  // paste: outside content becomes nodes; an empty clipboard falls back to the canvas clipboard
  const latest = useRef({ take, pasteNodes, active: Boolean(doc) && !readOnly });
  latest.current = { take, pasteNodes, active: Boolean(doc) && !readOnly };
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      if (!latest.current.active || e.defaultPrevented || keepsOwnPaste(e.target)) return;
      e.preventDefault();
      const payload = classifyTransfer(e.clipboardData);
      if (payload.kind === 'none') void latest.current.pasteNodes();
      else latest.current.take(payload, null);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, []);

  const accepts = (e: DragEvent) =>
    Boolean(doc) && !readOnly && !keepsOwnPaste(e.target) && dragKind(e.dataTransfer.types) !== null;

  /** Props for the canvas element: the overlay while something droppable is over it, and the drop. */
  const dropProps = {
    onDragEnter: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      depth.current += 1;
      setDragging(dragKind(e.dataTransfer.types));
    },
    onDragOver: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(null);
    },
    onDrop: (e: DragEvent) => {
      depth.current = 0;
      setDragging(null);
      if (!accepts(e)) return;
      e.preventDefault();
      const payload = classifyTransfer(e.dataTransfer);
      take(payload, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
    },
  };

  // a drag that ends elsewhere (Escape, outside the window) must not leave the overlay up
  useEffect(() => {
    if (!dragging) return;
    const reset = () => {
      depth.current = 0;
      setDragging(null);
    };
    window.addEventListener('dragend', reset);
    window.addEventListener('drop', reset);
    return () => {
      window.removeEventListener('dragend', reset);
      window.removeEventListener('drop', reset);
    };
  }, [dragging]);

  // a drop that misses the canvas must not open the file in the tab (and lose the canvas)
  useEffect(() => {
    const node = wrapper.current?.ownerDocument;
    if (!node) return;
    const guard = (e: globalThis.DragEvent) => {
      if (e.dataTransfer?.types.includes('Files') && !keepsOwnPaste(e.target)) e.preventDefault();
    };
    node.addEventListener('dragover', guard);
    node.addEventListener('drop', guard);
    return () => {
      node.removeEventListener('dragover', guard);
      node.removeEventListener('drop', guard);
    };
  }, [wrapper]);

  return { dropProps, pasteAt, layer: { dragging, rows, dismiss, quotaDialog: quota.dialog } };
}

export type CanvasDropLayerState = ReturnType<typeof useCanvasDrop>['layer'];
