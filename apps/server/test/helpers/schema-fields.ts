/**
 * What the contract's zod schemas say about a route's input, read through `z.toJSONSchema`: the
 * implemented routes of a running server, their fields and the JSON types each field accepts.
 * Shared by the bad-input test (a wrong type per field) and the fuzz suite (generated values).
 */
import { z } from 'zod';
import { routeList, type RouteDef } from '@atelier/contract';
import { unimplementedRoutes, type Handlers } from '../../src/http/register.js';

export type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null';
/** A JSON Schema node as `z.toJSONSchema` writes it. */
export type SchemaNode = Record<string, unknown>;

/** The routes a server implements: the contract table less the ids without a handler. */
export function implementedRoutes(handlers: Handlers): RouteDef[] {
  const pending = new Set<string>(unimplementedRoutes(handlers));
  return (routeList as readonly RouteDef[]).filter((r) => !pending.has(r.id));
}

/** A route's path with every `{param}` filled by `value` (`x` unless given). */
export const fillPath = (path: string, value = 'x') => path.replace(/\{(\w+)\}/g, () => value);

/** Whether a route reads a JSON body (every method but GET; multipart routes refuse JSON). */
export const hasJsonBody = (r: RouteDef) => r.method !== 'GET';

/** The input side of a zod schema as JSON Schema (what a client may send). */
export function jsonSchemaOf(schema: z.ZodType): SchemaNode {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
}

/** The JSON types a schema node accepts, or null when it accepts anything (no definite type). */
export function acceptedTypes(node: SchemaNode): Set<JsonType> | null {
  const types = new Set<JsonType>();
  const members = (node.anyOf ?? node.oneOf) as SchemaNode[] | undefined;
  if (members) {
    for (const m of members) {
      const inner = acceptedTypes(m);
      if (!inner) return null;
      inner.forEach((t) => types.add(t));
    }
    return types;
  }
  const t = node.type;
  if (t === undefined) return null;
  for (const one of Array.isArray(t) ? t : [t]) types.add(one === 'integer' ? 'number' : (one as JsonType));
  return types;
}

/** The top-level properties of an object schema (body, query or params), `[name, node]`. */
export function fieldsOf(schema: z.ZodType | undefined): Array<[string, SchemaNode]> {
  if (!schema) return [];
  return Object.entries((jsonSchemaOf(schema).properties ?? {}) as Record<string, SchemaNode>);
}

/** The fields whose value may be a string. */
export function stringFields(schema: z.ZodType | undefined): string[] {
  return fieldsOf(schema)
    .filter(([, node]) => acceptedTypes(node)?.has('string'))
    .map(([field]) => field);
}
