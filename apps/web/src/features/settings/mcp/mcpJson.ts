/**
 * Form mode and JSON mode of an MCP server: the form's values as the JSON the server takes and
 * back, and the batch import text as the import body. Pure, so the switch between modes keeps
 * what was typed whenever it parses.
 */
import type { McpServer, McpServerImportBody, UpsertMcpServer } from '@atelier/contract';

export interface KeyValue {
  key: string;
  value: string;
}

export interface McpFormValues {
  name: string;
  type: 'streamable' | 'sse' | 'stdio';
  url: string;
  headers: KeyValue[];
  env: KeyValue[];
}

export const EMPTY_FORM: McpFormValues = { name: '', type: 'streamable', url: '', headers: [], env: [] };

const toPairs = (record: Record<string, string> | null | undefined): KeyValue[] =>
  Object.entries(record ?? {}).map(([key, value]) => ({ key, value }));

const toRecord = (pairs: KeyValue[] | undefined): Record<string, string> | undefined => {
  const filled = (pairs ?? []).filter((p) => p.key || p.value);
  return filled.length ? Object.fromEntries(filled.map((p) => [p.key, p.value])) : undefined;
};

export function formFromServer(server: McpServer): McpFormValues {
  return {
    name: server.name,
    type: server.type,
    url: server.url ?? '',
    headers: toPairs(server.headers),
    env: toPairs(server.env),
  };
}

/** The upsert body of the form's values (empty key/value rows left out). */
export function bodyFromForm(values: McpFormValues): UpsertMcpServer {
  const headers = toRecord(values.headers);
  const env = toRecord(values.env);
  return {
    name: values.name.trim(),
    type: values.type,
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
    ...(headers ? { headers } : {}),
    ...(env ? { env } : {}),
  } as UpsertMcpServer;
}

export function jsonFromForm(values: McpFormValues): string {
  return JSON.stringify(bodyFromForm(values), null, 2);
}

export type Parsed<T> =
  { ok: true; value: T } | { ok: false; error: 'syntax' | 'notObject' | 'notList'; detail?: string };

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const stringRecord = (v: unknown): Record<string, string> | undefined =>
  isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : undefined;

/** JSON mode's text as the upsert body (the server checks the fields); syntax or shape errors here. */
export function bodyFromJson(text: string): Parsed<Record<string, unknown>> {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, error: 'syntax', detail: parsed.detail };
  if (!isObject(parsed.value)) return { ok: false, error: 'notObject' };
  return { ok: true, value: parsed.value };
}

/** JSON mode's text as form values, for the switch back to the form. */
export function formFromJson(text: string): Parsed<McpFormValues> {
  const body = bodyFromJson(text);
  if (!body.ok) return body;
  const v = body.value;
  const type = v.type === 'sse' || v.type === 'stdio' ? v.type : 'streamable';
  return {
    ok: true,
    value: {
      name: typeof v.name === 'string' ? v.name : '',
      type,
      url: typeof v.url === 'string' ? v.url : '',
      headers: toPairs(stringRecord(v.headers)),
      env: toPairs(stringRecord(v.env)),
    },
  };
}

/** The import text: a non-empty JSON array, or `{ "mcpServers": { … } }` as desktop clients write it. */
export function importBodyFromJson(text: string): Parsed<McpServerImportBody> {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, error: 'syntax', detail: parsed.detail };
  const value = parsed.value;
  if (Array.isArray(value)) {
    return value.length ? { ok: true, value: { servers: value } } : { ok: false, error: 'notList' };
  }
  if (isObject(value) && isObject(value.mcpServers) && Object.keys(value.mcpServers).length) {
    return { ok: true, value: { servers: { mcpServers: value.mcpServers } } };
  }
  return { ok: false, error: 'notList' };
}
