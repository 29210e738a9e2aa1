// Migrations of persisted canvas JSON from every older schema version.
import { describe, expect, it } from 'vitest';
import { CanvasValidationError } from './errors.js';
import { detectCanvasSchemaVersion, migrateCanvasSnapshot, type CanvasSnapshotV1 } from './migrations.js';
import { CANVAS_SCHEMA_VERSION, type CanvasSnapshot } from './model.js';

const v1: CanvasSnapshotV1 = {
  version: 1,
  nodes: [
    { id: 'child', type: 'artifact', position: [10, 20], parent: 'grp', data: { title: 'Chart' } },
    { id: 'grp', type: 'group', position: [100, 100], size: [600, 400], data: { title: 'Research' } },
    {
      id: 'doc',
      type: 'document',
      position: [-5.5, 0],
      data: { title: 'Notes', contentPreview: 'Hi', metadata: { entityId: 'd-1', status: 'finish' } },
      style: { opacity: 1 },
    },
  ],
  edges: [
    { source: 'doc', target: 'child' },
    { source: 'doc', target: 'child', sourceHandle: null, type: 'default' },
    { id: 'edge-doc-grp', source: 'doc', target: 'grp' },
    { source: 'doc', target: 'grp', data: { label: 'in' } },
  ],
};

describe('migrateCanvasSnapshot', () => {
  it('detects versions, including unversioned legacy JSON as version 1', () => {
    expect(detectCanvasSchemaVersion(v1)).toBe(1);
    expect(detectCanvasSchemaVersion({ nodes: [] })).toBe(1);
    expect(detectCanvasSchemaVersion({ schemaVersion: 2, nodes: [], edges: [] })).toBe(2);
    expect(() => detectCanvasSchemaVersion('nodes')).toThrow(CanvasValidationError);
    expect(() => detectCanvasSchemaVersion({ title: 'x' })).toThrow('not a canvas snapshot');
  });

  it('migrates version 1: tuples, parent, entity id, renamed type, edge ids', () => {
    const migrated = migrateCanvasSnapshot(v1);
    expect(migrated).toEqual<CanvasSnapshot>({
      schemaVersion: CANVAS_SCHEMA_VERSION,
      nodes: [
        {
          id: 'doc',
          type: 'document',
          position: { x: -5.5, y: 0 },
          style: { opacity: 1 },
          data: { title: 'Notes', entityId: 'd-1', contentPreview: 'Hi', metadata: { status: 'finish' } },
        },
        {
          id: 'grp',
          type: 'group',
          position: { x: 100, y: 100 },
          width: 600,
          height: 400,
          data: { title: 'Research', entityId: '', contentPreview: '', metadata: {} },
        },
        {
          id: 'child',
          type: 'codeArtifact',
          position: { x: 10, y: 20 },
          parentId: 'grp',
          data: { title: 'Chart', entityId: '', contentPreview: '', metadata: {} },
        },
      ],
      edges: [
        { id: 'edge-doc-child', source: 'doc', target: 'child' },
        { id: 'edge-doc-child-2', source: 'doc', target: 'child', type: 'default' },
        { id: 'edge-doc-grp', source: 'doc', target: 'grp' },
        { id: 'edge-doc-grp-2', source: 'doc', target: 'grp', data: { label: 'in' } },
      ],
    });
  });

  it('is idempotent on the current version', () => {
    const current = migrateCanvasSnapshot(v1);
    expect(migrateCanvasSnapshot(JSON.parse(JSON.stringify(current)))).toEqual(current);
  });

  it('repairs dangling references but rejects duplicate ids, unknown types and future versions', () => {
    const repaired = migrateCanvasSnapshot({
      nodes: [{ id: 'a', type: 'memo', position: [0, 0], parent: 'ghost' }],
      edges: [{ source: 'a', target: 'ghost' }],
    });
    expect(repaired.nodes[0]?.parentId).toBeUndefined();
    expect(repaired.edges).toEqual([]);
    expect(() =>
      migrateCanvasSnapshot({
        nodes: [
          { id: 'a', type: 'memo', position: [0, 0] },
          { id: 'a', type: 'memo', position: [1, 1] },
        ],
      }),
    ).toThrow(/duplicate node ids/);
    expect(() => migrateCanvasSnapshot({ nodes: [{ id: 'a', type: 'sticker', position: [0, 0] }] })).toThrow(
      /nodes\.0\.type/,
    );
    expect(() =>
      migrateCanvasSnapshot({ nodes: [{ id: 'a', type: 'memo', position: { x: 0, y: 0 } }] }),
    ).toThrow(/version 1/);
    expect(() => migrateCanvasSnapshot({ schemaVersion: 3, nodes: [], edges: [] })).toThrow(
      'unsupported canvas schema version 3',
    );
  });
});
