/**
 * A thread's title: the query's first line, or the `input.title` the app sends when the query is an
 * instruction it wrote itself (an editor action's prompt), so no thread is named by an internal
 * prompt. The title is validated like every title (at most 512 characters).
 */
import type { ActionResult } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { skillTest } from './helpers/fixtures.js';
import { expectFailure } from './helpers/items.js';
import { streamSkill, waitForResult } from './helpers/skill-run.js';

const it = skillTest();

describe('thread titles', () => {
  it('are the given title, else the query', async ({ alice }) => {
    const named = await streamSkill(alice.client, {
      input: {
        query: 'Rewrite the selected text so it reads clearly and naturally, keeping its meaning.',
        title: 'Rewrite: The harbour lighthouse',
      },
    });
    const one = await waitForResult<ActionResult>(alice.client, named.events[0]!.resultId);
    expect(one.title).toBe('Rewrite: The harbour lighthouse');

    const plain = await streamSkill(alice.client, { input: { query: 'Why is the sea\nsalty?' } });
    const two = await waitForResult<ActionResult>(alice.client, plain.events[0]!.resultId);
    expect(two.title).toBe('Why is the sea salty?');
  });

  it('refuses a title over 512 characters', async ({ alice }) => {
    expectFailure(
      await alice.post('/v1/skill/invoke', { input: { query: 'Hello', title: 'x'.repeat(513) } }),
      'E0003',
    );
  });
});
