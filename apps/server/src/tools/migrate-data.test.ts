import { describe, expect, it } from 'vitest';
import { dependencyOrder, MigrateDataError } from './migrate-data.js';

describe('dependencyOrder', () => {
  it('puts every table after the tables it references, self-references aside', () => {
    const order = dependencyOrder(
      ['shares', 'users', 'pages', 'canvases', 'page_node_relations'],
      [
        { from: 'canvases', to: 'users' },
        { from: 'pages', to: 'canvases' },
        { from: 'pages', to: 'users' },
        { from: 'page_node_relations', to: 'pages' },
        { from: 'shares', to: 'users' },
        { from: 'shares', to: 'shares' },
      ],
    );
    expect(order).toEqual(['users', 'canvases', 'shares', 'pages', 'page_node_relations']);
  });

  it('names the tables of a cycle', () => {
    expect(() =>
      dependencyOrder(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow(new MigrateDataError('The foreign keys between these tables form a cycle: a, b'));
  });
});
