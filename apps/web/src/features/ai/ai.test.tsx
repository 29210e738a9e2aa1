/** The AI feature's pure parts: SSE parsing, the run state machine, safe Markdown with citations, context rules. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { ActionResult, SkillEvent, SkillTemplate } from '@atelier/contract';
import { checkRules, toInvokeContext, type ContextItem } from './contextItems';
import { citedMarkdown } from './citations';
import { Markdown, stripCitationMarkers } from './Markdown';
import { createSseParser } from './skillStream';
import { applyEvent, emptyRun, runFromResult } from './skillStore';
import { threadsOf } from './threads/ThreadList';

const ev = (event: SkillEvent['event'], extra: Partial<SkillEvent> = {}): SkillEvent => ({
  event,
  resultId: 'ar-1',
  version: 0,
  ...extra,
});

describe('createSseParser', () => {
  it('parses data lines across chunk boundaries and skips broken frames', () => {
    const events: SkillEvent[] = [];
    const push = createSseParser((e) => events.push(e));
    const a = JSON.stringify(ev('start'));
    const b = JSON.stringify(ev('stream', { content: 'Hi' }));
    push(`data: ${a}\n\ndata: ${b.slice(0, 10)}`);
    expect(events).toHaveLength(1);
    push(`${b.slice(10)}\r\n\r\ndata: {not json}\n\n: comment\n\n`);
    expect(events.map((e) => e.event)).toEqual(['start', 'stream']);
    expect(events[1]?.content).toBe('Hi');
  });
});

describe('applyEvent', () => {
  it('follows a run from start to end with content, reasoning, sources and usage', () => {
    let run = { ...emptyRun('ar-1'), live: true };
    run = applyEvent(run, ev('start'));
    expect(run.status).toBe('executing');
    run = applyEvent(run, ev('stream', { reasoningContent: 'think ' }));
    run = applyEvent(run, ev('stream', { content: 'Teal', citations: [{ index: 1, at: 4 }] }));
    run = applyEvent(run, ev('stream', { content: '.' }));
    run = applyEvent(
      run,
      ev('token_usage', {
        tokenUsage: { modelName: 'm', modelProvider: 'p', inputTokens: 7, outputTokens: 3, tier: 't2' },
      }),
    );
    run = applyEvent(
      run,
      ev('structured_data', {
        structuredData: { sources: [{ index: 1, title: 'Notes', kind: 'document', entityId: 'd-1' }] },
      }),
    );
    run = applyEvent(
      run,
      ev('artifact', { artifact: { type: 'document', entityId: 'd-2', title: 'Doc', status: 'generating' } }),
    );
    run = applyEvent(
      run,
      ev('artifact', { artifact: { type: 'document', entityId: 'd-2', title: 'Doc', status: 'finish' } }),
    );
    run = applyEvent(run, ev('end'));
    expect(run).toMatchObject({
      status: 'finish',
      live: false,
      content: 'Teal.',
      citations: [{ index: 1, at: 4 }],
      reasoning: 'think ',
      sources: [{ index: 1, title: 'Notes', entityId: 'd-1', kind: 'document' }],
    });
    expect(run.tokenUsage).toHaveLength(1);
    expect(run.artifacts).toEqual([{ type: 'document', entityId: 'd-2', title: 'Doc', status: 'finish' }]);
  });

  it('an error event makes the run failed, and end keeps it failed', () => {
    let run = applyEvent(emptyRun('ar-1'), ev('start'));
    run = applyEvent(run, ev('error', { error: 'E3002', originError: '429' }));
    run = applyEvent(run, ev('end'));
    expect(run.status).toBe('failed');
    expect(run.error).toBe('E3002');
  });

  it('loads a recorded result: steps joined, versions after the first are reruns', () => {
    const result: ActionResult = {
      resultId: 'ar-1',
      version: 1,
      title: 'Q',
      input: { query: 'Q' },
      status: 'executing',
      type: 'skill',
      steps: [
        {
          name: 'a',
          content: 'one',
          structuredData: {
            sources: [{ index: 2, title: 'S', url: 'https://x.y' }],
            citations: [{ index: 2, at: 3 }],
          },
        },
        // a step stored before citations were structured: its marker becomes an anchor
        { name: 'b', content: 'two [[citation:2]].' },
      ],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const run = runFromResult(result);
    expect(run).toMatchObject({
      content: 'one\n\ntwo.',
      citations: [
        { index: 2, at: 3 },
        { index: 2, at: 'one\n\ntwo'.length },
      ],
      rerunning: true,
      sources: [{ index: 2, url: 'https://x.y' }],
    });
    expect(runFromResult({ ...result, status: 'failed', errors: ['E3001'] }).error).toBe('E3001');
  });
});

describe('Markdown', () => {
  it('renders Markdown without letting HTML or script URLs through', () => {
    const { container } = render(
      <Markdown
        text={
          '# Title\n\n**bold** <img src=x onerror=alert(1)> [x](javascript:alert(1)) [ok](https://a.b)\n\n- one\n- two'
        }
      />,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://a.b']);
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });

  it('turns citation markers into links to their sources', () => {
    const { container } = render(
      <Markdown
        text="Teal [[citation:1]] and [[citation:9]]."
        citations={[{ index: 1, title: 'Notes', url: 'https://notes.example' }]}
      />,
    );
    const cite = container.querySelector('[data-testid="ai-citation"]');
    expect(cite?.textContent).toBe('[1]');
    expect(cite?.getAttribute('href')).toBe('https://notes.example');
    expect(container.textContent).toContain('[9]');
    expect(stripCitationMarkers('Teal [[citation:1]].')).toBe('Teal.');
  });

  it('draws citations kept beside the text as badges, inside Markdown too', () => {
    const text = 'Teal **boats** float.\n\n- a list item';
    const { container } = render(
      <Markdown
        text={text}
        anchors={[
          { index: 1, at: 'Teal **boats**'.length },
          { index: 2, at: text.length },
        ]}
        citations={[
          { index: 1, title: 'Notes', url: 'https://notes.example' },
          { index: 2, title: 'Other' },
        ]}
      />,
    );
    const cites = [...container.querySelectorAll('[data-testid="ai-citation"]')];
    expect(cites.map((c) => c.textContent)).toEqual(['[1]', '[2]']);
    expect(container.querySelector('strong')?.textContent).toBe('boats');
    expect(container.querySelector('li')?.textContent).toBe('a list item[2]');
    expect(container.textContent).not.toMatch(/citation|\uE000/);
  });

  it('writes an answer into a document as [n] links numbered on from the document', () => {
    const sources = [
      { index: 1, title: 'Harbour "notes"', kind: 'document', entityId: 'd-1' },
      { index: 2, title: 'Web', kind: 'url', url: 'https://w.example/a(b)' },
      { index: 3, title: 'Nowhere', kind: 'content' },
    ];
    const md = citedMarkdown(
      'Teal. Blue. Red.',
      [
        { index: 1, at: 4 },
        { index: 2, at: 10 },
        { index: 3, at: 15 },
      ],
      sources,
      new Map([['https://w.example/a(b)', 4]]),
    );
    expect(md).toBe(
      'Teal [\\[5\\]](/documents/d-1 "Harbour \\"notes\\""). Blue [\\[4\\]](https://w.example/a%28b%29 "Web"). Red.',
    );
  });
});

describe('context', () => {
  const skill = {
    name: 'commonQnA',
    displayName: { en: 'Q' },
    description: '',
    configSchema: { items: [] },
    invocationConfig: {
      context: {
        rules: [
          { key: 'documents', limit: 1, required: true },
          { key: 'contentList', limit: 5, required: false },
        ],
        relation: 'regular',
      },
    },
  } as SkillTemplate;

  it('checks the per-type limit and the required minimum', () => {
    expect(checkRules(skill, [])[0]?.problem).toBe('required');
    const docs: ContextItem[] = [
      { key: 'a', kind: 'documents', title: 'A', value: 'd-1' },
      { key: 'b', kind: 'documents', title: 'B', value: 'd-2' },
    ];
    expect(checkRules(skill, docs)[0]).toMatchObject({ count: 2, limit: 1, problem: 'tooMany' });
    expect(checkRules(skill, docs.slice(0, 1))[0]?.problem).toBeNull();
  });

  it('builds the invoke context by kind', () => {
    expect(
      toInvokeContext([
        { key: 'a', kind: 'documents', title: 'A', value: 'd-1' },
        { key: 'b', kind: 'urls', title: 'u', value: 'https://x.y' },
        { key: 'c', kind: 'contentList', title: 'memo', value: 'text' },
      ]),
    ).toEqual({
      documents: [{ docId: 'd-1', title: 'A' }],
      urls: [{ url: 'https://x.y' }],
      contentList: [{ content: 'text', metadata: { title: 'memo' } }],
    });
    expect(toInvokeContext([])).toBeUndefined();
  });
});

describe('threadsOf', () => {
  it('lists each thread once, by its latest result', () => {
    const base = {
      title: '',
      input: { query: 'q' },
      status: 'finish' as const,
      type: 'skill' as const,
      createdAt: '',
      updatedAt: '',
    };
    const threads = threadsOf([
      { ...base, resultId: 'r2', version: 0, history: [{ resultId: 'r1' }] },
      { ...base, resultId: 'r1', version: 1 },
      { ...base, resultId: 'r1', version: 0 },
      { ...base, resultId: 'r3', version: 0 },
    ]);
    expect(threads.map((r) => r.resultId)).toEqual(['r2', 'r3']);
  });
});
