/**
 * POST /canvas/addResource: a library resource placed on a canvas as a resource node, right of
 * the canvas's top-level nodes at the nearest free spot (the shared placement rule), through the
 * live canvas document (open tabs see it at once).
 * The web clipper uses it; the web app adds nodes over the collaboration socket itself.
 */
import { addNode, getCanvasSnapshot, NodeLimitError, newNodePosition } from '@atelier/canvas';
import { canvasDocName } from '../../collab/index.js';
import { badRequest } from '../../lib/errors.js';
import type { Services } from '../../services.js';

export async function addResourceToCanvas(
  services: Services,
  uid: string,
  input: { canvasId: string; resourceId: string },
): Promise<{ canvasId: string; nodeId: string }> {
  const canvas = await services.canvases.load(uid, input.canvasId, 'write');
  if (canvas.readOnly) throw badRequest('canvasId: the canvas is read-only');
  if (canvas.status !== 'ready') throw badRequest('canvasId: the canvas is not ready yet');
  const resource = await services.resources.detail(uid, input.resourceId);
  let nodeId = '';
  try {
    await services.collab.write(canvasDocName(input.canvasId), (doc) => {
      // the placement rule the web app uses too (@atelier/canvas placement.ts)
      const position = newNodePosition(getCanvasSnapshot(doc), { type: 'resource' });
      nodeId = addNode(
        doc,
        {
          type: 'resource',
          position,
          data: {
            title: resource.title,
            entityId: resource.resourceId,
            contentPreview: (resource.contentPreview ?? '').slice(0, 300),
          },
        },
        { maxNodes: services.canvases.maxNodes },
      ).id;
    });
  } catch (err) {
    if (err instanceof NodeLimitError) throw badRequest(`canvasId: ${err.message}`);
    throw err;
  }
  return { canvasId: input.canvasId, nodeId };
}
