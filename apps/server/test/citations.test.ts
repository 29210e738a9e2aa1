/**
 * Citation markers (spec section 9) outside the answer: a generated document gets `[n]` links to
 * the cited sources and never the raw `[[citation:n]]`; a code artifact gets no marker at all; the
 * answer itself keeps the one normalised form; and a thread found by search shows plain text.
 */
import type { ActionResult, LibrarySearchResult } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { buildDocument } from './helpers/factories.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData } from './helpers/items.js';
import { contentOf, streamSkill, waitForResult } from './helpers/skill-run.js';

let sourceDoc: string;

const it = skillTest(
  {},
  {
    setup: async ({ alice }) => {
      sourceDoc = (
        await buildDocument(alice, {
          title: 'Harbour notes',
          initialContent: 'The lighthouse is painted teal.',
        })
      ).docId;
    },
  },
);

describe('citation markers outside the answer', () => {
  it('a generated document links its citations to the sources, with no raw marker', async ({
    fake,
    alice,
  }) => {
    fake.reply = '# Harbour guide\n\nThe lighthouse is teal [1]. Unknown claim [7].';
    const run = await streamSkill(alice.client, {
      skillName: 'generateDoc',
      input: { query: 'Write a harbour guide' },
      context: { documents: [{ docId: sourceDoc }] },
    });
    // the answer itself holds no marker: its citations come beside the text
    expect(contentOf(run.events)).not.toMatch(/citation:|\[\d\]/);
    expect(run.events.flatMap((e) => e.citations ?? []).map((c) => c.index)).toEqual([1, 7]);
    const docId = run.events.find((e) => e.event === 'create_node')!.node!.data.entityId!;
    await waitForResult(alice.client, run.events[0]!.resultId);
    const doc = expectData(
      await alice.get<{ content: string; contentPreview?: string }>('/v1/knowledge/document/detail', {
        docId,
      }),
    );
    expect(doc.content).not.toMatch(/citation:/);
    expect(doc.content).toContain(`[\\[1\\]](/documents/${sourceDoc} "Harbour notes")`);
    // a marker without a source is dropped, not left raw
    expect(doc.content).toContain('Unknown claim.');
    expect(doc.content).not.toContain('[7]');
  });

  it('a code artifact gets no marker', async ({ fake, alice }) => {
    fake.reply = 'Title: Teal page\n\n```html\n<p>The lighthouse is teal [1].</p>\n```\n';
    const run = await streamSkill(alice.client, {
      skillName: 'codeArtifacts',
      input: { query: 'A page about the lighthouse' },
      context: { documents: [{ docId: sourceDoc }] },
    });
    const artifactId = run.events.find((e) => e.event === 'create_node')!.node!.data.entityId!;
    const finished = await waitForResult<ActionResult>(alice.client, run.events[0]!.resultId);
    expect(finished.status).toBe('finish');
    const artifact = expectData(
      await alice.get<{ content: string }>('/v1/codeArtifact/detail', { artifactId }),
    );
    expect(artifact.content).toBe('<p>The lighthouse is teal.</p>');
  });

  it('a thread found by search shows its answer as plain text', async ({ fake, alice }) => {
    fake.reply = 'Quoins hold type in the chase [1].';
    const run = await streamSkill(alice.client, {
      skillName: 'commonQnA',
      input: { query: 'What holds type in a chase?' },
      context: { documents: [{ docId: sourceDoc }] },
    });
    await waitForResult(alice.client, run.events[0]!.resultId);
    const hits = expectData(
      await alice.post<LibrarySearchResult[]>('/v1/search', {
        query: 'quoins',
        domains: ['thread'],
      }),
    );
    expect(hits.map((h) => h.id)).toEqual([run.events[0]!.resultId]);
    expect(hits[0]!.snippets![0]!.text).toBe('Quoins hold type in the chase.');
  });
});
