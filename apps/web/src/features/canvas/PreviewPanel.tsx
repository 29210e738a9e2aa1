/**
 * The preview panel beside the canvas: shows what `openPreview(target)` asked for. Each view is
 * its feature's own lazily loaded panel (document editor, artifact view, resource, AI response).
 */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { PreviewTarget } from './canvasContext';

const DocumentPanel = lazy(() =>
  import('../document/DocumentPanel').then((m) => ({ default: m.DocumentPanel })),
);
const CodeArtifactPanel = lazy(() =>
  import('../artifact/CodeArtifactPanel').then((m) => ({ default: m.CodeArtifactPanel })),
);
const ResourcePanel = lazy(() =>
  import('../library/ResourcePanel').then((m) => ({ default: m.ResourcePanel })),
);
const SkillResponsePanel = lazy(() =>
  import('../ai/SkillResponsePanel').then((m) => ({ default: m.SkillResponsePanel })),
);

export function PreviewPanel({
  target,
  title,
  readOnly,
  onClose,
}: {
  target: PreviewTarget;
  /** Title of the node that opened it (the document panel shows it until the doc loads). */
  title: string;
  readOnly: boolean;
  onClose: () => void;
}) {
  const key = `${target.kind}:${target.id}`;
  return (
    <div className="canvas-screen__preview" data-testid="canvas-preview" data-kind={target.kind}>
      <Suspense fallback={<Spin className="canvas-screen__spin" />}>
        {target.kind === 'document' ? (
          <DocumentPanel key={key} docId={target.id} title={title} readOnly={readOnly} onClose={onClose} />
        ) : target.kind === 'codeArtifact' ? (
          <CodeArtifactPanel key={key} artifactId={target.id} readOnly={readOnly} onClose={onClose} />
        ) : target.kind === 'resource' ? (
          <ResourcePanel key={key} resourceId={target.id} onClose={onClose} />
        ) : (
          <SkillResponsePanel key={key} resultId={target.id} nodeId={target.nodeId} onClose={onClose} />
        )}
      </Suspense>
    </div>
  );
}
