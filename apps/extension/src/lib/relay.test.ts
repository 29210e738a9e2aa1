import { describe, expect, it } from 'vitest';
import { deserialiseBody, isSerialisedFormData, serialiseBody, serialiseFile } from './relay';

describe('relay serialisation (spec section 3)', () => {
  it('sends a file as type, name, byte array, contentType and lastModified', async () => {
    const file = new File([new Uint8Array([0, 1, 254, 255])], 'a.bin', {
      type: 'application/octet-stream',
      lastModified: 1234,
    });
    expect(await serialiseFile(file)).toEqual({
      type: 'file',
      name: 'a.bin',
      content: [0, 1, 254, 255],
      contentType: 'application/octet-stream',
      lastModified: 1234,
    });
  });

  it('sends form data as {type, data} and rebuilds it, survives JSON', async () => {
    const form = new FormData();
    form.append('title', '标题 <b>');
    form.append('file', new File(['<p>héllo</p>'], 'clip.html', { type: 'text/html', lastModified: 5 }));
    const sent = JSON.parse(JSON.stringify(await serialiseBody(form))) as unknown;
    expect(isSerialisedFormData(sent)).toBe(true);
    expect(sent).toMatchObject({
      type: 'formData',
      data: { title: '标题 <b>', file: { name: 'clip.html' } },
    });

    const back = deserialiseBody(sent);
    expect(back).toBeInstanceOf(FormData);
    const rebuilt = back as FormData;
    expect(rebuilt.get('title')).toBe('标题 <b>');
    const file = rebuilt.get('file') as File;
    expect(file.name).toBe('clip.html');
    expect(file.type).toBe('text/html');
    expect(file.lastModified).toBe(5);
    expect(await file.text()).toBe('<p>héllo</p>');
  });

  it('leaves JSON bodies alone and refuses malformed files', () => {
    const body = { title: 'x', data: { type: 'formData' } };
    expect(deserialiseBody(body)).toBe(body);
    const bad = {
      type: 'formData',
      data: { file: { type: 'file', name: 'x', content: [256], contentType: '', lastModified: 0 } },
    };
    expect(isSerialisedFormData(bad)).toBe(false);
    expect(deserialiseBody(bad)).toBe(bad);
  });
});
