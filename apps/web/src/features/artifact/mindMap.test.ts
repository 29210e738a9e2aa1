// Mind-map JSON: parsing (the spec's "valid JSON with a valid structure") and the card edits.
import { describe, expect, it } from 'vitest';
import { addChild, addSibling, parseMindMap, removeCard, renameCard } from './mindMap';

const MAP = {
  id: 'root',
  label: 'Plan',
  children: [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
  ],
};

describe('mind map', () => {
  it('parses valid maps and rejects bad JSON or a bad structure', () => {
    expect(parseMindMap(JSON.stringify(MAP))).toEqual(MAP);
    expect(parseMindMap('{ "id": "root", ')).toBeNull();
    expect(parseMindMap('[1, 2]')).toBeNull();
    expect(parseMindMap('{"label": "no id"}')).toBeNull();
    expect(parseMindMap('{"id": "r", "label": "x", "children": [{"id": 3}]}')).toBeNull();
  });

  it('adds children and siblings where asked, never a sibling of the root', () => {
    const withChild = addChild(MAP, 'a', { id: 'c', label: 'C' });
    expect(withChild.children?.[0]?.children).toEqual([{ id: 'c', label: 'C' }]);
    const withSibling = addSibling(MAP, 'a', { id: 'd', label: 'D' });
    expect(withSibling?.children?.map((n) => n.id)).toEqual(['a', 'd', 'b']);
    expect(addSibling(MAP, 'root', { id: 'e', label: 'E' })).toBeNull();
    expect(MAP.children).toHaveLength(2);
  });

  it('removes and renames cards', () => {
    expect(removeCard(MAP, 'a').children?.map((n) => n.id)).toEqual(['b']);
    expect(renameCard(MAP, 'b', 'Bee').children?.[1]?.label).toBe('Bee');
  });
});
