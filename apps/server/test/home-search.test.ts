/**
 * Home search across canvases, documents and threads returns only the caller's own items: Bob's
 * matching canvas, document and thread never appear in Alice's results, and the other way round.
 */
import type { LibrarySearchResult } from '@atelier/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BuiltUser } from './helpers/factories.js';
import { call, expectData } from './helpers/items.js';
import {
  buildUserWithModel,
  startSkillFixture,
  streamSkill,
  waitForResult,
  type SkillFixture,
} from './helpers/skill-run.js';

let fx: SkillFixture;
let alice: BuiltUser;
let bob: BuiltUser;

beforeAll(async () => {
  fx = await startSkillFixture();
  alice = await buildUserWithModel(fx);
  bob = await buildUserWithModel(fx);
});
afterAll(async () => {
  await fx?.close();
});

async function own(user: BuiltUser, word: string) {
  await call(user.client, 'POST', '/v1/canvas/create', { title: `${word} canvas` });
  await call(user.client, 'POST', '/v1/knowledge/document/create', {
    title: `${word} notes`,
    initialContent: `All about ${word}.`,
  });
  fx.fake.reply = `An answer on ${word}.`;
  const run = await streamSkill(user.client, { skillName: 'commonQnA', input: { query: `Tell me ${word}` } });
  await waitForResult(user.client, run.events[0]!.resultId);
  return run.events[0]!.resultId;
}

const search = async (user: BuiltUser, query: string) =>
  expectData(
    await call<LibrarySearchResult[]>(user.client, 'POST', '/v1/search', {
      query,
      domains: ['canvas', 'document', 'resource', 'thread'],
    }),
  );

it("finds the caller's canvases, documents and threads, never another user's", async () => {
  const aliceThread = await own(alice, 'zephyr');
  const bobThread = await own(bob, 'zephyr');
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
