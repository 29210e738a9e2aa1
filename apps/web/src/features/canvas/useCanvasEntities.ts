/**
 * Creating content from the toolbar: a new document, a code artifact from a starter, or an
 * uploaded image — each created on the server, then placed on the canvas.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeArtifactType } from '@atelier/contract';
import { useApiMutation } from '../../api/apiQuery';
import { formDataOf } from '../../api/formData';
import { ARTIFACT_STARTERS } from './artifactStarters';
import { requestMemoFocus } from './memoFocus';
import { CANVAS_IMAGE_MAX_BYTES } from './CanvasToolbar';
import { useCanvasT } from './useCanvasT';
import type { PlaceNode } from './useCanvasPlacement';

export function useCanvasEntities(canvasId: string, placeNode: PlaceNode) {
  const { t } = useTranslation();
  const ct = useCanvasT();
  const { message } = App.useApp();
  const createDocument = useApiMutation('knowledge.document.create', {
    invalidates: ['knowledge.document.list'],
  });
  const createArtifact = useApiMutation('codeArtifact.new', { meta: { silent: true } });
  const upload = useApiMutation('misc.upload', { meta: { silent: true } });

  const addDocument = async () => {
    const title = t('canvas.node.newDocument');
    const created = await createDocument.mutateAsync({ body: { title } });
    placeNode(
      { type: 'document', data: { title: created.title || title, entityId: created.docId } },
      { open: true, reveal: 'view' },
    );
  };

  const addCodeArtifact = async (type: CodeArtifactType) => {
    const starter = ARTIFACT_STARTERS[type];
    const title = ct('toolbar.newArtifactTitle', { type: ct(`artifactTypes.${type}`) });
    try {
      const artifact = await createArtifact.mutateAsync({
        body: {
          type,
          title,
          content: starter.content,
          ...(starter.language ? { language: starter.language } : {}),
        },
      });
      placeNode(
        {
          type: 'codeArtifact',
          data: {
            title: artifact.title,
            entityId: artifact.artifactId,
            contentPreview: starter.content.slice(0, 300),
            metadata: { artifactType: type, ...(starter.language ? { language: starter.language } : {}) },
          },
        },
        { open: true, reveal: 'view' },
      );
    } catch {
      void message.error(ct('messages.createArtifactFailed'));
    }
  };

  const addImage = async (file: File) => {
    try {
      const body = formDataOf({ entityType: 'canvas', entityId: canvasId, file });
      const { url, storageKey } = await upload.mutateAsync({ body });
      placeNode(
        { type: 'image', data: { title: file.name, metadata: { url, storageKey } } },
        { reveal: 'view' },
      );
    } catch {
      void message.error(ct('messages.uploadFailed'));
    }
  };

  const rejectImage = (problem: 'type' | 'size') =>
    void message.error(
      problem === 'type'
        ? ct('messages.imageType')
        : ct('messages.imageSize', { size: `${CANVAS_IMAGE_MAX_BYTES / 1024 / 1024} MB` }),
    );

  /**
   * A new memo, focused so typing goes into it (near `at`, e.g. where the canvas was
   * double-clicked), and shown at a zoom it can be read at.
   */
  const addMemo = (at?: { x: number; y: number }) => {
    const id = placeNode(
      { type: 'memo', data: { title: '' } },
      { reveal: 'readable', ...(at ? { at } : {}) },
    );
    if (id) requestMemoFocus(id);
    return id;
  };

  return {
    addMemo: () => void addMemo(),
    addMemoAt: (at: { x: number; y: number }) => void addMemo(at),
    addDocument: () => void addDocument(),
    addCodeArtifact: (type: CodeArtifactType) => void addCodeArtifact(type),
    addWebsite: (url: string) =>
      placeNode({ type: 'website', data: { title: url, metadata: { url } } }, { reveal: 'view' }),
    addImage: (file: File) => void addImage(file),
    rejectImage,
  };
}
