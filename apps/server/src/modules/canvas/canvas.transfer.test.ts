// Unit tests of canvas files: format detection, parsing errors, import titles and file names.
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../export/export.filename.js';
import { detectCanvasFormat, importTitle, parseCanvasFile } from './canvas.transfer.js';

describe('detectCanvasFormat', () => {
  it('tells our files from JSON Canvas', () => {
    expect(detectCanvasFormat({ format: 'atelier-canvas', version: 2, nodes: [] })).toBe('json');
    expect(
      detectCanvasFormat({ nodes: [{ id: 'a', type: 'text', x: 0, y: 0, width: 1, height: 1, text: '' }] }),
    ).toBe('jsoncanvas');
    expect(detectCanvasFormat({ edges: [{ id: 'e', fromNode: 'a', toNode: 'b' }] })).toBe('jsoncanvas');
    expect(detectCanvasFormat({})).toBe('jsoncanvas');
    expect(detectCanvasFormat({ format: 'other', nodes: [] })).toBeNull();
    expect(detectCanvasFormat([])).toBeNull();
  });
});

describe('parseCanvasFile', () => {
  it('answers E0012 for non-JSON and E0003 for JSON that is no canvas', () => {
    expect(() => parseCanvasFile('nope', undefined)).toThrow(expect.objectContaining({ code: 'E0012' }));
    expect(() => parseCanvasFile('{"format":"other"}', undefined)).toThrow(
      expect.objectContaining({ code: 'E0003' }),
    );
    expect(() => parseCanvasFile('{"nodes":[{"id":"a"}]}', 'jsoncanvas')).toThrow(
      expect.objectContaining({ code: 'E0003' }),
    );
  });

  it('reads a file with a byte-order mark', () => {
    const parsed = parseCanvasFile('\uFEFF{"nodes":[],"edges":[]}', undefined);
    expect(parsed.snapshot.nodes).toEqual([]);
  });
});

describe('names', () => {
  it('picks the import title and makes safe file names', () => {
    expect(importTitle('Given', 'File', 'x.json')).toBe('Given');
    expect(importTitle(undefined, ' File ', 'x.json')).toBe('File');
    expect(importTitle(undefined, null, 'My board.canvas')).toBe('My board');
    expect(exportFileName('a/b\\c:d*e?"f"<g>|h', 'json')).toBe('a b c d e f g h.json');
    expect(exportFileName('  ', 'canvas')).toBe('Untitled.canvas');
    expect(exportFileName('..hidden', 'md')).toBe('hidden.md');
    expect(exportFileName('报告\u0000\n2024', 'pdf')).toBe('报告 2024.pdf');
  });
});
