import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLLAB_COLORS, collabColor, safeCollabColor } from '../collab/collabUser';
import { distinctUsers, peersFrom, selectionsByNode, throttleLatest } from './canvasPresence';

const blue = COLLAB_COLORS[1];
const green = COLLAB_COLORS[2];

describe('peersFrom', () => {
  it('reads the other clients’ user, pointer and selection, never this tab’s own', () => {
    const states = new Map<number, unknown>([
      [7, { user: { name: 'Me', color: blue }, pointer: { x: 1, y: 2 }, selectedNodes: ['a'] }],
      [9, { user: { name: 'Lin', color: green }, pointer: { x: -40.5, y: 120 }, selectedNodes: ['a', 'b'] }],
      [3, { user: { name: 'Ada', color: blue }, pointer: null, selectedNodes: [] }],
    ]);
    expect(peersFrom(states, 7)).toEqual([
      { clientId: 3, user: { name: 'Ada', color: blue }, pointer: null, selectedNodes: [] },
      {
        clientId: 9,
        user: { name: 'Lin', color: green },
        pointer: { x: -40.5, y: 120 },
        selectedNodes: ['a', 'b'],
      },
    ]);
  });

  it('skips clients without a user (not yet set up) and tolerates anything else in a state', () => {
    const states = new Map<number, unknown>([
      [1, {}],
      [2, { user: { name: '   ' } }],
      [3, null],
      [
        4,
        {
          user: { name: 'Eve', color: 'red; background: url(x)' },
          pointer: { x: 'a', y: 2 },
          selectedNodes: [1, 'n', {}],
        },
      ],
      [5, { user: { name: 'Bob', color: green }, pointer: { x: Infinity, y: 0 }, selectedNodes: 'n' }],
    ]);
    expect(peersFrom(states, 99)).toEqual([
      // a colour outside the palette never reaches a style: the default colour instead
      { clientId: 4, user: { name: 'Eve', color: blue }, pointer: null, selectedNodes: ['n'] },
      { clientId: 5, user: { name: 'Bob', color: green }, pointer: null, selectedNodes: [] },
    ]);
  });

  it('shortens very long names', () => {
    const states = new Map<number, unknown>([[1, { user: { name: 'x'.repeat(200), color: blue } }]]);
    expect(peersFrom(states, 0)[0]?.user.name).toHaveLength(40);
  });
});

describe('selectionsByNode and distinctUsers', () => {
  const peers = peersFrom(
    new Map<number, unknown>([
      [1, { user: { name: 'Ada', color: blue }, selectedNodes: ['a', 'b', 'a'] }],
      [2, { user: { name: 'Lin', color: green }, selectedNodes: ['b'] }],
      [3, { user: { name: 'Ada', color: blue }, selectedNodes: [] }],
    ]),
    0,
  );

  it('lists, per selected node, who selected it', () => {
    const byNode = selectionsByNode(peers);
    expect([...byNode.keys()]).toEqual(['a', 'b']);
    expect(byNode.get('a')?.map((p) => p.user.name)).toEqual(['Ada']);
    expect(byNode.get('b')?.map((p) => p.user.name)).toEqual(['Ada', 'Lin']);
  });

  it('shows a person with two tabs once in the avatar stack', () => {
    expect(distinctUsers(peers).map((u) => u.name)).toEqual(['Ada', 'Lin']);
  });
});

describe('collab colours', () => {
  it('gives a user id the same palette colour every time', () => {
    expect(collabColor('u-123')).toBe(collabColor('u-123'));
    expect(COLLAB_COLORS).toContain(collabColor('u-123'));
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(collabColor)).size).toBeGreaterThan(1);
    expect(safeCollabColor(green)).toBe(green);
    expect(safeCollabColor('#fff')).toBe(blue);
  });
});

describe('throttleLatest', () => {
  afterEach(() => void vi.useRealTimers());

  it('sends at once, then at most once per interval with the latest value', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const send = throttleLatest((n: number) => sent.push(n), 50);
    send(1);
    expect(sent).toEqual([1]);
    send(2);
    send(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([1, 3]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([1, 3]); // nothing new
    vi.advanceTimersByTime(200);
    send(4);
    expect(sent).toEqual([1, 3, 4]);
  });

  it('drops a pending value when cancelled (the pointer left), and sends at once afterwards', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const send = throttleLatest((n: number) => sent.push(n), 50);
    send(1);
    send(2);
    send.cancel();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([1]);
    send(5);
    expect(sent).toEqual([1, 5]);
  });
});
