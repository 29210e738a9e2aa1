/**
 * The agent skill over MCP servers that went bad since they were validated: one that accepts the
 * connection and never answers, one that answers HTML (not MCP). Each is logged as a failed server
 * (`mcpServerFailed` with the reason) within the connect timeout, and the run still answers with
 * the model's text, a finished result that a reload shows with the same log; never a hung run or a
 * 500. The servers are marked enabled in the database, as a successful validation left them
 * (validate against these servers fails, which mcp-server.test.ts covers). Short connect timeout:
 * its own file, since agent.test.ts keeps a generous one for real servers on a busy machine.
 */
import type { ActionLog } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { mcpServers } from '../src/db/schema/index.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData } from './helpers/items.js';
import { startGarbageServer, startSilentServer, type RunningServer } from './helpers/mcp-servers.js';
import type { ModelUser } from './helpers/skill-run.js';
import {
  contentOf,
  resetFake,
  streamSkill,
  waitForResult,
  withFunctionCalling,
} from './helpers/skill-run.js';
import type { TestServer } from './helpers/server.js';

let silent: RunningServer;
let garbage: RunningServer;
beforeAll(async () => {
  [silent, garbage] = await Promise.all([startSilentServer(), startGarbageServer()]);
});
afterAll(async () => {
  await Promise.all([silent, garbage].map((s) => s?.close()));
});

const it = skillTest({
  MCP_ALLOW_PRIVATE_NETWORK: 'true',
  MCP_CONNECT_TIMEOUT: '1s',
  SKILL_IDLE_TIMEOUT: '15s',
});
it.beforeEach(({ fake }) => resetFake(fake));

/** An enabled server of `user` at `url`, as a validation that succeeded earlier left it. */
async function enabledServer(server: TestServer, user: ModelUser, name: string, url: string) {
  expectData(await user.post('/v1/mcp-server/create', { name, type: 'streamable', url }));
  await server.server.ctx.db
    .update(mcpServers)
    .set({ enabled: true })
    .where(and(eq(mcpServers.uid, user.uid), eq(mcpServers.name, name)));
}

describe('agent over servers gone bad', () => {
  for (const [name, target] of [
    ['silent', () => silent],
    ['garbage', () => garbage],
  ] as const) {
    it(`a ${name} server is logged as failed and the run still answers`, async ({ server, alice, fake }) => {
      await withFunctionCalling(alice);
      await enabledServer(server, alice, name, target().url);
      fake.reply = `Answered without the ${name} server.`;
      const run = await streamSkill(alice.client, {
        input: { query: 'Use your tools' },
        skillName: 'agent',
        selectedMcpServers: [name],
      });
      expect(run.refusal).toBeNull();
      expect(run.events.some((e) => e.event === 'error')).toBe(false);
      expect(run.events.at(-1)!.event).toBe('end');
      expect(contentOf(run.events)).toBe(`Answered without the ${name} server.`);
      const failed = run.events.map((e) => e.log).find((l) => l?.key === 'mcpServerFailed');
      expect(failed?.titleArgs).toEqual({ server: name });
      expect(String(failed?.descriptionArgs?.error)).not.toBe('');
      // the model was offered none of its tools
      const chat = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
      const offered = ((chat.body?.tools ?? []) as Array<{ function: { name: string } }>).map(
        (t) => t.function.name,
      );
      expect(offered.some((t) => t.startsWith(`${name}__`))).toBe(false);

      const stored = await waitForResult<{ status: string; steps: Array<{ logs?: ActionLog[] }> }>(
        alice.client,
        run.events[0]!.resultId,
      );
      expect(stored.status).toBe('finish');
      expect(stored.steps[0]!.logs?.find((l) => l.key === 'mcpServerFailed')?.titleArgs).toEqual({
        server: name,
      });
    });
  }
});
