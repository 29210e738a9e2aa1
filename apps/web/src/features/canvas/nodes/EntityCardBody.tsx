/**
 * The content part of a document, answer, code-artifact or file-resource card (an image file is
 * drawn as the image): loaded once the card has been on screen
 * at a readable zoom (then kept), drawn by CardPreviews (its own chunk). Until then, and where the
 * content cannot be read, the card shows `fallback` (plain preview text, never source code).
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useFarZoom } from '../zoomDetail';
import { useEntityContent, type ContentKind } from './cardContent';
import { useInView } from './useInView';
import './cards.css';

const DocumentExcerpt = lazy(() => import('./CardPreviews').then((m) => ({ default: m.DocumentExcerpt })));
const AnswerExcerpt = lazy(() => import('./CardPreviews').then((m) => ({ default: m.AnswerExcerpt })));
const ArtifactPicture = lazy(() => import('./CardPreviews').then((m) => ({ default: m.ArtifactPicture })));

export function EntityCardBody({
  kind,
  entityId,
  childShareId,
  stamp,
  fallback,
}: {
  kind: ContentKind;
  entityId: string;
  childShareId?: string | null | undefined;
  /** The node's synced preview of the content: a change reads the entity again (cardContent). */
  stamp?: string | undefined;
  fallback: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useInView(ref);
  const far = useFarZoom();
  const [wanted, setWanted] = useState(false);
  // once seen up close, the content stays loaded: zooming out again changes nothing on the card
  if (seen && !far && !wanted && entityId) setWanted(true);
  const content = useEntityContent(wanted ? { kind, entityId, childShareId, stamp } : null);
  let body = fallback;
  if (content?.kind === 'document' && content.content.trim())
    body = <DocumentExcerpt markdown={content.content} title={content.title} />;
  else if (content?.kind === 'skillResponse' && content.content.trim())
    body = <AnswerExcerpt answer={content} />;
  else if (content?.kind === 'codeArtifact')
    body = <ArtifactPicture artifact={content} live={seen && !far} />;
  else if (content?.kind === 'resource' && content.fileUrl && content.contentType?.startsWith('image/'))
    body = (
      <img
        className="card-image"
        src={content.fileUrl}
        alt={content.title}
        loading="lazy"
        draggable={false}
        data-testid="card-image"
      />
    );
  return (
    <div ref={ref} className="canvas-node__content">
      <Suspense fallback={fallback}>{body}</Suspense>
    </div>
  );
}
