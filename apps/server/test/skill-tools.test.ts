/**
 * The tool loop the agent skill will plug into: a skill whose `tools` hook answers an AI SDK
 * ToolSet runs against the fake model, which calls the tool (OpenAI tool_calls); the engine logs
 * the call and its result, sends the tool result back to the model, and streams the final answer.
 */
import { tool } from 'ai';
import { z } from 'zod';
import { InvokeSkillSchema, type SkillEvent } from '@atelier/contract';
import { describe, expect } from 'vitest';
import { SkillRunService } from '../src/modules/skill/skill.service.js';
import { findSkill } from '../src/skills/skill.builtins.js';
import { documentLoader, resourceLoader } from '../src/skills/skill.context.js';
import { createSkillEngine } from '../src/skills/skill.engine.js';
import type { SkillDefinition } from '../src/skills/skill.types.js';
import { skillTest } from './helpers/fixtures.js';
import { contentOf } from './helpers/skill-run.js';

const it = skillTest();

describe('tool loop', () => {
  it('calls the tool the model asks for, logs it, and streams the answer that follows', async ({
    server,
    fake,
    alice,
  }) => {
    const ctx = server.server.ctx;
    const calls: string[] = [];
    const withTools: SkillDefinition = {
      ...findSkill('commonQnA')!,
      tools: () =>
        Promise.resolve({
          lookup: tool({
            description: 'Looks a word up',
            inputSchema: z.object({ word: z.string() }),
            execute: ({ word }) => {
              calls.push(word);
              return Promise.resolve(`${word} means a small boat`);
            },
          }),
        }),
      maxSteps: 3,
    };
    const engine = createSkillEngine(
      ctx,
      {
        documents: documentLoader(ctx.db),
        resources: resourceLoader(ctx.db),
        collab: server.server.services.collab,
        files: server.server.services.uploads,
        localRuns: server.server.services.localRuns,
      },
      () => withTools,
    );
    fake.toolCalls = [{ name: 'lookup', arguments: '{"word":"dinghy"}' }];
    fake.reply = 'A dinghy is a small boat.';
    const before = fake.requests.length;
    const row = await new SkillRunService(ctx).prepare(
      alice.uid,
      InvokeSkillSchema.parse({ input: { query: 'What is a dinghy?' } }),
      'waiting',
    );
    const events: SkillEvent[] = [];
    await engine.run(row, { emit: (e) => void events.push(e) });
    fake.toolCalls = null;

    expect(calls).toEqual(['dinghy']);
    const logs = events.filter((e) => e.event === 'log').map((e) => e.log!);
    expect(logs.map((l) => l.key)).toEqual(['buildContext', 'toolCall', 'toolResult']);
    expect(logs[1]!.titleArgs).toMatchObject({ tool: 'lookup' });
    expect(contentOf(events)).toBe('A dinghy is a small boat.');
    expect(events.at(-1)!.event).toBe('end');
    expect(events.some((e) => e.event === 'error')).toBe(false);

    const chats = fake.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(chats).toHaveLength(2);
    expect(chats[0]!.body!.tools).toEqual([expect.objectContaining({ type: 'function' })]);
    const toolMessage = (chats[1]!.body!.messages as Array<{ role: string; content: unknown }>).find(
      (m) => m.role === 'tool',
    );
    expect(JSON.stringify(toolMessage)).toContain('dinghy means a small boat');
  });
});
