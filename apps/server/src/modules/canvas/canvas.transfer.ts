/**
 * Canvas files: export as our versioned JSON (`atelier-canvas`) or JSON Canvas (Obsidian), and
 * import of either (format given or detected), always with fresh node and edge ids.
 */
import {
  ATELIER_CANVAS_FORMAT,
  CanvasValidationError,
  exportCanvas,
  fromJsonCanvas,
  importCanvas,
  regenerateIds,
  toJsonCanvas,
  type CanvasSnapshot,
} from '@atelier/canvas';
import { exportFileName } from '../../export/export.filename.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { nodeLimitReached, type CanvasRow, type CanvasService } from './canvas.service.js';

export type CanvasFileFormat = 'json' | 'jsoncanvas';

export interface CanvasFile {
  body: string;
  filename: string;
  contentType: string;
}

export function exportCanvasFile(
  snapshot: CanvasSnapshot,
  title: string,
  format: CanvasFileFormat,
): CanvasFile {
  if (format === 'jsoncanvas') {
    return {
      body: `${JSON.stringify(toJsonCanvas(snapshot), null, 2)}\n`,
      filename: exportFileName(title, 'canvas'),
      contentType: 'application/json; charset=utf-8',
    };
  }
  return {
    body: `${JSON.stringify(exportCanvas(snapshot, title), null, 2)}\n`,
    filename: exportFileName(title, 'json'),
    contentType: 'application/json; charset=utf-8',
  };
}

/** Our file says `format: 'atelier-canvas'`; JSON Canvas has `nodes` with x/y or edges with fromNode. */
export function detectCanvasFormat(json: unknown): CanvasFileFormat | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  if (record.format === ATELIER_CANVAS_FORMAT) return 'json';
  const nodes = Array.isArray(record.nodes) ? (record.nodes as unknown[]) : null;
  const edges = Array.isArray(record.edges) ? (record.edges as unknown[]) : null;
  const looksJsonCanvas = (item: unknown) =>
    typeof item === 'object' &&
    item !== null &&
    ('fromNode' in item || ('x' in item && 'y' in item && 'width' in item));
  if (nodes?.some(looksJsonCanvas) || edges?.some(looksJsonCanvas)) return 'jsoncanvas';
  // An empty JSON Canvas ({} or {"nodes":[],"edges":[]}) is still one.
  if (!('format' in record) && (nodes?.length ?? 0) === 0 && (edges?.length ?? 0) === 0) return 'jsoncanvas';
  return null;
}

export interface ParsedCanvasFile {
  title: string | null;
  snapshot: CanvasSnapshot;
}

/** Parses an uploaded canvas file; E0012 when it is not JSON, E0003 when it is not a canvas. */
export function parseCanvasFile(text: string, format: CanvasFileFormat | undefined): ParsedCanvasFile {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new AppError(
      'E0012',
      'This file type is temporarily not supported: expected a .json or .canvas file',
    );
  }
  const kind = format ?? detectCanvasFormat(json);
  if (!kind)
    throw badRequest('Invalid JSON structure: neither an Atelier canvas export nor a JSON Canvas file');
  try {
    if (kind === 'json') {
      const imported = importCanvas(json);
      return { title: imported.title, snapshot: imported.snapshot };
    }
    return { title: null, snapshot: regenerateIds(fromJsonCanvas(json)) };
  } catch (err) {
    if (err instanceof CanvasValidationError)
      throw badRequest(`Invalid JSON structure: ${err.message}`.slice(0, 1000));
    throw err;
  }
}

/**
 * The title an imported canvas is named after: the form's, the file's, else the file name without
 * extension. Unless the form gave it, `importCanvasFile` makes it distinct ("Title (2)"…).
 */
export function importTitle(given: string | undefined, fromFile: string | null, filename: string): string {
  if (given) return given;
  if (fromFile?.trim()) return fromFile.trim().slice(0, 512);
  return filename
    .replace(/\.(json|canvas)$/i, '')
    .trim()
    .slice(0, 512);
}

export interface ImportInput {
  text: string;
  filename: string;
  format?: CanvasFileFormat;
  title?: string;
  projectId?: string;
}

/** Creates a canvas from an uploaded file (node limit and project checked first). */
export async function importCanvasFile(
  service: CanvasService,
  uid: string,
  input: ImportInput,
): Promise<CanvasRow> {
  await service.checkProject(uid, input.projectId);
  const parsed = parseCanvasFile(input.text, input.format);
  if (parsed.snapshot.nodes.length > service.maxNodes) throw nodeLimitReached();
  const base = importTitle(input.title, parsed.title, input.filename);
  return service.insert(
    uid,
    {
      canvasId: newId('canvas'),
      // A title the user typed is theirs to choose; one taken from the file is made distinct.
      title: input.title ? base : await service.distinctTitle(uid, base, 'import'),
      projectId: input.projectId ?? null,
      minimapStorageKey: null,
    },
    parsed.snapshot,
  );
}
