import { describe, expect, it } from 'vitest';
import { bodyFromForm, formFromJson, importBodyFromJson, jsonFromForm, type McpFormValues } from './mcpJson';

const form: McpFormValues = {
  name: ' everything ',
  type: 'sse',
  url: 'http://127.0.0.1:3001/sse',
  headers: [
    { key: 'Authorization', value: 'Bearer x' },
    { key: '', value: '' },
  ],
  env: [],
};

describe('MCP server form and JSON modes', () => {
  it('form → JSON → form keeps what was typed (empty rows dropped, name trimmed)', () => {
    expect(bodyFromForm(form)).toEqual({
      name: 'everything',
      type: 'sse',
      url: 'http://127.0.0.1:3001/sse',
      headers: { Authorization: 'Bearer x' },
    });
    const back = formFromJson(jsonFromForm(form));
    expect(back).toEqual({
      ok: true,
      value: { ...form, name: 'everything', headers: [{ key: 'Authorization', value: 'Bearer x' }] },
    });
  });

  it('JSON that does not parse, or is not an object, stays in JSON mode with the reason', () => {
    expect(formFromJson('{"name": ')).toMatchObject({ ok: false, error: 'syntax' });
    expect(formFromJson('[1]')).toEqual({ ok: false, error: 'notObject' });
  });

  it('import takes a non-empty array or the mcpServers object', () => {
    expect(importBodyFromJson('[{"name":"a"}]')).toEqual({ ok: true, value: { servers: [{ name: 'a' }] } });
    expect(importBodyFromJson('{"mcpServers":{"a":{"url":"http://x"}}}')).toEqual({
      ok: true,
      value: { servers: { mcpServers: { a: { url: 'http://x' } } } },
    });
    expect(importBodyFromJson('[]')).toEqual({ ok: false, error: 'notList' });
    expect(importBodyFromJson('{"a":1}')).toEqual({ ok: false, error: 'notList' });
    expect(importBodyFromJson('nope')).toMatchObject({ ok: false, error: 'syntax' });
  });
});
