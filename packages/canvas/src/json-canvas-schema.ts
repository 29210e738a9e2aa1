// JSON Canvas 1.0 (jsoncanvas.org, Obsidian's open format): zod validators and the stash we add to it.
import { z } from 'zod';
import {
  CanvasNodeDataSchema,
  CanvasNodeStyleSchema,
  CanvasNodeTypeSchema,
  JsonObjectSchema,
  XYPositionSchema,
} from './model.js';

/** The extra key holding what JSON Canvas cannot say (the spec lets files carry extra keys). */
export const JSON_CANVAS_STASH_KEY = 'atelier';

export const JsonCanvasSideSchema = z.enum(['top', 'right', 'bottom', 'left']);
export type JsonCanvasSide = z.infer<typeof JsonCanvasSideSchema>;
export const JsonCanvasEndSchema = z.enum(['none', 'arrow']);
/** A preset '1'…'6' or a hex colour such as '#FF0000'. */
export const JsonCanvasColorSchema = z.string().min(1);

const nodeBase = {
  id: z.string().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
  color: JsonCanvasColorSchema.optional(),
};

export const JsonCanvasNodeSchema = z.discriminatedUnion('type', [
  z.looseObject({ ...nodeBase, type: z.literal('text'), text: z.string() }),
  z.looseObject({
    ...nodeBase,
    type: z.literal('file'),
    file: z.string().min(1),
    subpath: z.string().optional(),
  }),
  z.looseObject({ ...nodeBase, type: z.literal('link'), url: z.string() }),
  z.looseObject({
    ...nodeBase,
    type: z.literal('group'),
    label: z.string().optional(),
    background: z.string().optional(),
    backgroundStyle: z.enum(['cover', 'ratio', 'repeat']).optional(),
  }),
]);
export type JsonCanvasNode = z.infer<typeof JsonCanvasNodeSchema>;

export const JsonCanvasEdgeSchema = z.looseObject({
  id: z.string().min(1),
  fromNode: z.string().min(1),
  toNode: z.string().min(1),
  fromSide: JsonCanvasSideSchema.optional(),
  toSide: JsonCanvasSideSchema.optional(),
  fromEnd: JsonCanvasEndSchema.optional(),
  toEnd: JsonCanvasEndSchema.optional(),
  color: JsonCanvasColorSchema.optional(),
  label: z.string().optional(),
});
export type JsonCanvasEdge = z.infer<typeof JsonCanvasEdgeSchema>;

export const JsonCanvasSchema = z.looseObject({
  nodes: z.array(JsonCanvasNodeSchema).optional(),
  edges: z.array(JsonCanvasEdgeSchema).optional(),
});
export type JsonCanvas = z.infer<typeof JsonCanvasSchema>;

/**
 * Stashed on each exported node: our exact node minus its id. `autoSize` is the size we made up
 * for a node that had none, so an untouched re-import leaves width/height unset again.
 */
export const JsonCanvasNodeStashSchema = z.object({
  type: CanvasNodeTypeSchema,
  data: CanvasNodeDataSchema,
  position: XYPositionSchema,
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
  autoSize: z.object({ width: z.number(), height: z.number() }).optional(),
  parentId: z.string().min(1).optional(),
  style: CanvasNodeStyleSchema.optional(),
});
export type JsonCanvasNodeStash = z.output<typeof JsonCanvasNodeStashSchema>;

/** Stashed on an exported edge when it has more than JSON Canvas shows. */
export const JsonCanvasEdgeStashSchema = z.object({
  type: z.string().optional(),
  data: JsonObjectSchema.optional(),
  sourceHandle: z.string().optional(),
  targetHandle: z.string().optional(),
});
export type JsonCanvasEdgeStash = z.infer<typeof JsonCanvasEdgeStashSchema>;
