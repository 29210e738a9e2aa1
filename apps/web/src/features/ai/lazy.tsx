/**
 * What the canvas screen mounts from the AI feature, each loaded in its own chunk on first use:
 * the launchpad and the skill-response node (shown as an empty card until its code arrived).
 */
import { lazy, memo, Suspense } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { FlowNode } from '../canvas/useCanvasFlow';

const LaunchpadChunk = lazy(() => import('./AskAiLaunchpad').then((m) => ({ default: m.AskAiLaunchpad })));
const NodeChunk = lazy(() => import('./SkillResponseNode').then((m) => ({ default: m.SkillResponseNode })));

export function AskAiLaunchpad() {
  return (
    <Suspense fallback={null}>
      <LaunchpadChunk />
    </Suspense>
  );
}

export const SkillResponseNode = memo(function LazySkillResponseNode(props: NodeProps<FlowNode>) {
  return (
    <Suspense
      fallback={
        <div
          className="canvas-node"
          style={{ width: 380, minHeight: 80 }}
          data-testid="canvas-node-skillResponse"
        />
      }
    >
      <NodeChunk {...props} />
    </Suspense>
  );
});
