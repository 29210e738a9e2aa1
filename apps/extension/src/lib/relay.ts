/**
 * What crosses the message channel between the extension's pages and its service worker (spec
 * section 3 "Other"): messages are JSON, so a file travels as {type, name, content (a byte
 * array), contentType, lastModified} and form data as {type, data}.
 */

export interface SerialisedFile {
  type: 'file';
  name: string;
  content: number[];
  contentType: string;
  lastModified: number;
}

export interface SerialisedFormData {
  type: 'formData';
  data: Record<string, string | SerialisedFile>;
}

export async function serialiseFile(file: File): Promise<SerialisedFile> {
  return {
    type: 'file',
    name: file.name,
    content: Array.from(new Uint8Array(await file.arrayBuffer())),
    contentType: file.type,
    lastModified: file.lastModified,
  };
}

export function deserialiseFile(value: SerialisedFile): File {
  return new File([new Uint8Array(value.content)], value.name, {
    type: value.contentType,
    lastModified: value.lastModified,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isSerialisedFile(value: unknown): value is SerialisedFile {
  return (
    isRecord(value) &&
    value.type === 'file' &&
    typeof value.name === 'string' &&
    Array.isArray(value.content) &&
    value.content.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255) &&
    typeof value.contentType === 'string' &&
    typeof value.lastModified === 'number'
  );
}

export function isSerialisedFormData(value: unknown): value is SerialisedFormData {
  return (
    isRecord(value) &&
    value.type === 'formData' &&
    isRecord(value.data) &&
    Object.values(value.data).every((v) => typeof v === 'string' || isSerialisedFile(v))
  );
}

/** A request body as it is sent by message: FormData (with its files) becomes {type, data}. */
export async function serialiseBody(body: unknown): Promise<unknown> {
  if (!(body instanceof FormData)) return body;
  const data: SerialisedFormData['data'] = {};
  for (const [name, value] of body.entries()) {
    data[name] = typeof value === 'string' ? value : await serialiseFile(value);
  }
  return { type: 'formData', data } satisfies SerialisedFormData;
}

/** The body the service worker sends: {type: 'formData'} becomes FormData again. */
export function deserialiseBody(body: unknown): unknown {
  if (!isSerialisedFormData(body)) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body.data)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, deserialiseFile(value), value.name);
  }
  return form;
}
