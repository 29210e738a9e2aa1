/**
 * Home search across canvases, documents and threads returns only the caller's own items: Bob's
 * matching canvas, document and thread never appear in Alice's results, and the other way round.
 */
import type { LibrarySearchResult } from '@atelier/contract';
import { expect } from 'vitest';
import { buildCanvas, buildDocument, type BuiltUser } from './helpers/factories.js';
import type { FakeModelServer } from './helpers/fake-model-server.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData } from './helpers/items.js';
import { streamSkill, waitForResult } from './helpers/skill-run.js';

const it = skillTest();

async function own(fake: FakeModelServer, user: BuiltUser, word: string) {
  await buildCanvas(user, { title: `${word} canvas` });
  await buildDocument(user, { title: `${word} notes`, initialContent: `All about ${word}.` });
  fake.reply = `An answer on ${word}.`;
  const run = await streamSkill(user.client, { skillName: 'commonQnA', input: { query: `Tell me ${word}` } });
  await waitForResult(user.client, run.events[0]!.resultId);
  return run.events[0]!.resultId;
}

const search = async (user: BuiltUser, query: string) =>
  expectData(
    await user.post<LibrarySearchResult[]>('/v1/search', {
      query,
      domains: ['canvas', 'document', 'resource', 'thread'],
    }),
  );

it("finds the caller's canvases, documents and threads, never another user's", async ({
  fake,
  alice,
  bob,
}) => {
  const aliceThread = await own(fake, alice, 'zephyr');
  const bobThread = await own(fake, bob, 'zephyr');
  const mine = await search(alice, 'zephyr');
  expect(mine.map((h) => h.domain).sort()).toEqual(['canvas', 'document', 'thread']);
  expect(mine.find((h) => h.domain === 'thread')!.id).toBe(aliceThread);
  expect(mine.some((h) => h.id === bobThread)).toBe(false);
  const theirs = await search(bob, 'zephyr');
  expect(theirs.find((h) => h.domain === 'thread')!.id).toBe(bobThread);
  const aliceIds = new Set(mine.map((h) => h.id));
  expect(theirs.some((h) => aliceIds.has(h.id))).toBe(false);
  // the title is marked
  expect(mine.find((h) => h.domain === 'canvas')!.highlightedTitle).toContain('<mark>zephyr</mark>');
});
