// @atelier/canvas: the canvas document model on Yjs, its persisted versions and file formats.
export {
  CANVAS_NODE_TYPES,
  CANVAS_SCHEMA_VERSION,
  CanvasEdgeSchema,
  CanvasNodeDataSchema,
  CanvasNodePatchSchema,
  CanvasNodeSchema,
  CanvasNodeStyleSchema,
  CanvasNodeTypeSchema,
  CanvasSnapshotSchema,
  JsonObjectSchema,
  JsonValueSchema,
  XYPositionSchema,
  type CanvasEdge,
  type CanvasNode,
  type CanvasNodeData,
  type CanvasNodeInput,
  type CanvasNodePatch,
  type CanvasNodeStyle,
  type CanvasNodeType,
  type CanvasSnapshot,
  type CanvasSnapshotInput,
  type JsonObject,
  type JsonValue,
  type XYPosition,
} from './model.js';
export { CanvasValidationError, NodeLimitError } from './errors.js';
export { createCanvasId } from './ids.js';
export {
  CANVAS_ROOT,
  addEdge,
  addNode,
  assertNodeLimit,
  createCanvasDoc,
  getCanvasMaps,
  getNode,
  getNodeCount,
  removeEdges,
  removeNodes,
  updateNode,
  type CanvasMaps,
  type NewCanvasEdge,
  type NewCanvasNode,
} from './doc.js';
export { applySnapshot, getCanvasSnapshot, normalizeSnapshot } from './snapshot.js';
export { CanvasReader } from './reader.js';
export {
  CanvasSnapshotV1Schema,
  detectCanvasSchemaVersion,
  migrateCanvasSnapshot,
  type CanvasSnapshotV1,
} from './migrations.js';
export {
  JSON_CANVAS_STASH_KEY,
  JsonCanvasEdgeSchema,
  JsonCanvasNodeSchema,
  JsonCanvasSchema,
  type JsonCanvas,
  type JsonCanvasEdge,
  type JsonCanvasNode,
} from './json-canvas-schema.js';
export { toJsonCanvas } from './json-canvas-export.js';
export { fromJsonCanvas } from './json-canvas-import.js';
export {
  ATELIER_CANVAS_FORMAT,
  AtelierCanvasFileSchema,
  exportCanvas,
  importCanvas,
  regenerateIds,
  type AtelierCanvasExport,
} from './export.js';
export { CONTENT_PREVIEW_MAX_LENGTH, contentPreviewFromMarkdown, memoTitle } from './preview.js';
export { CANVAS_UNDO_CAPTURE_MS, LOCAL_CANVAS_ORIGINS, createCanvasUndoManager } from './undo.js';
export {
  BESIDE_GAP,
  BESIDE_PREFERENCE,
  PLACEMENT_GAP,
  absolutePosition,
  besideTarget,
  boundsOf,
  estimatedSize,
  findFreeSpot,
  nodeBoxes,
  overlaps,
  newNodePosition,
  type Box,
  type FreeSpotOptions,
  type PlacedNode,
  type Point,
  type Size,
} from './placement.js';
