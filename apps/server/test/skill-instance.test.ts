/**
 * Skill instances over real HTTP: create from a built-in skill (tplName must exist, displayName
 * required, tplConfig checked against the template's form, context rules with their defaults),
 * update, pin and unpin (pinned first, at most LIMITS.maxPinnedSkills with a clear message),
 * delete (its triggers go with it), list; secrets sealed at rest and masked; user B and an
 * anonymous caller reach nothing of user A's; /skill/invoke with skillId runs the instance's
 * template with its tplConfig; a rerun runs the instance of the run it reruns and the result
 * answers its skillId, so a follow-up can name it (issue 12).
 */
import { LIMITS, type SkillInstance, type SkillTrigger } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { actionResults, skillInstances } from '../src/db/schema/index.js';
import type { BuiltUser } from './helpers/factories.js';
import type { FakeModelServer } from './helpers/fake-model-server.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { resetFake, waitForResult } from './helpers/skill-run.js';

const it = skillTest();
it.beforeEach(({ fake }) => resetFake(fake));

const create = async (u: BuiltUser, body: Record<string, unknown>) =>
  expectData(await u.post<SkillInstance>('/v1/skill/instance/new', body));
const list = async (u: BuiltUser, query: Record<string, string> = {}) =>
  expectData(await u.get<SkillInstance[]>('/v1/skill/instance/list', query));

const systemOfLast = (fake: FakeModelServer) => {
  const req = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
  const messages = req.body?.messages as Array<{ role: string; content: string }>;
  return String(messages.find((m) => m.role === 'system')?.content);
};

describe('skill instances', () => {
  it('creates an instance from a built-in skill with its form and default context rules', async ({
    alice,
  }) => {
    const made = await create(alice, {
      tplName: 'customPrompt',
      displayName: '  Pirate answers ',
      description: 'Answers like a pirate',
      icon: { type: 'emoji', value: '🏴‍☠️' },
      tplConfig: { customSystemPrompt: { value: 'Talk like a pirate.' } },
    });
    expect(made.skillId).toMatch(/^sk-/);
    expect(made).toMatchObject({
      name: 'customPrompt',
      displayName: 'Pirate answers',
      description: 'Answers like a pirate',
      icon: { type: 'emoji', value: '🏴‍☠️' },
      tplConfig: { customSystemPrompt: { value: 'Talk like a pirate.' } },
      pinnedAt: null,
    });
    expect(made.tplConfigSchema?.items.map((i) => i.key)).toEqual(['customSystemPrompt']);
    expect(made.invocationConfig.context?.rules.length).toBeGreaterThan(0);

    // context rules given: limit defaults to 50, required to false
    const ruled = await create(alice, {
      tplName: 'commonQnA',
      displayName: 'Read one resource',
      invocationConfig: {
        context: { rules: [{ key: 'resources' }, { key: 'documents', required: true, limit: 3 }] },
      },
    });
    expect(ruled.invocationConfig.context).toEqual({
      relation: 'regular',
      rules: [
        { key: 'resources', limit: LIMITS.contextRuleDefaultLimit, required: false },
        { key: 'documents', limit: 3, required: true },
      ],
    });
    expect((await list(alice)).map((s) => s.skillId)).toEqual(
      expect.arrayContaining([made.skillId, ruled.skillId]),
    );
  });

  it('refuses bad input with E0003, never a 500', async ({ alice }) => {
    const bad = async (body: Record<string, unknown>, code = 'E0003') =>
      expectFailure(await alice.post('/v1/skill/instance/new', body), code);
    expect(await bad({ tplName: 'commonQnA' })).toMatch(/displayName/);
    expect(await bad({ tplName: 'commonQnA', displayName: '   ' })).toMatch(/Name is required/);
    await bad({ tplName: 'noSuchSkill', displayName: 'x' });
    await bad({ displayName: 'x' });
    // every skill of the contract's enum is run by this server now, the agent too
    expect(
      (await alice.post('/v1/skill/instance/new', { tplName: 'agent', displayName: 'x' })).body.success,
    ).toBe(true);
    expect(await bad({ tplName: 'customPrompt', displayName: 'x' })).toMatch(/customSystemPrompt.*required/);
    expect(
      await bad({
        tplName: 'customPrompt',
        displayName: 'x',
        tplConfig: { customSystemPrompt: { value: 42 } },
      }),
    ).toMatch(/customSystemPrompt: must be text/);
    expect(
      await bad({ tplName: 'commonQnA', displayName: 'x', tplConfig: { nope: { value: 'y' } } }),
    ).toMatch(/no such setting/);
    expect(
      await bad({
        tplName: 'imageGeneration',
        displayName: 'x',
        tplConfig: {
          apiUrl: { value: 'https://img.example' },
          apiKey: { value: 'k' },
          imageRatio: { value: '7:5' },
        },
      }),
    ).toMatch(/not one of the options/);
    await bad({
      tplName: 'commonQnA',
      displayName: 'x',
      invocationConfig: { context: { rules: [{ key: 'resources', limit: 0 }] } },
    });
    expect(
      await bad({
        tplName: 'commonQnA',
        displayName: 'x',
        invocationConfig: { context: { rules: [{ key: 'resources' }, { key: 'resources' }] } },
      }),
    ).toMatch(/twice/);
    expect(
      await bad({
        tplName: 'commonQnA',
        displayName: 'x',
        invocationConfig: { context: { rules: [{ key: 'urls', preferredSelectionKeys: ['a'] }] } },
      }),
    ).toMatch(/preferredSelectionKeys/);
    expect(
      await bad({
        tplName: 'commonQnA',
        displayName: 'x',
        invocationConfig: { context: { rules: [{ key: 'codeArtifacts' }] } },
      }),
    ).toMatch(/takes no codeArtifacts/);
    await bad({ tplName: 'commonQnA', displayName: 'x'.repeat(257) });
  });

  it('updates name, description, icon, tplConfig and rules; keeps a secret sent back masked', async ({
    server,
    alice,
  }) => {
    const made = await create(alice, {
      tplName: 'imageGeneration',
      displayName: 'Images',
      tplConfig: { apiUrl: { value: 'https://img.example' }, apiKey: { value: 'sk-very-secret-key' } },
    });
    expect(made.tplConfig?.apiKey?.value).not.toContain('secret');
    const [stored] = await server.server.ctx.db
      .select()
      .from(skillInstances)
      .where(eq(skillInstances.skillId, made.skillId));
    expect(JSON.stringify(stored!.tplConfig)).not.toContain('sk-very-secret-key');

    const updated = expectData(
      await alice.post<SkillInstance>('/v1/skill/instance/update', {
        skillId: made.skillId,
        displayName: 'Pictures',
        description: 'Makes pictures',
        icon: null,
        tplConfig: { ...made.tplConfig, imageRatio: { value: '16:9' } },
      }),
    );
    expect(updated).toMatchObject({ displayName: 'Pictures', description: 'Makes pictures', icon: null });
    expect(updated.tplConfig?.imageRatio?.value).toBe('16:9');
    const [after] = await server.server.ctx.db
      .select()
      .from(skillInstances)
      .where(eq(skillInstances.skillId, made.skillId));
    expect(after!.tplConfig?.apiKey).toEqual(stored!.tplConfig?.apiKey);

    expectFailure(
      await alice.post('/v1/skill/instance/update', { skillId: made.skillId, displayName: '' }),
      'E0003',
    );
    expectFailure(
      await alice.post('/v1/skill/instance/update', {
        skillId: made.skillId,
        tplConfig: { apiUrl: { value: 'x' } },
      }),
      'E0003',
    );
  });

  it('pins to the top, most recently pinned first, up to the limit; unpins', async ({ server }) => {
    const { buildUser } = await import('./helpers/factories.js');
    const carol = await buildUser(server);
    const ids: string[] = [];
    for (let i = 0; i <= LIMITS.maxPinnedSkills; i++) {
      ids.push((await create(carol, { tplName: 'commonQnA', displayName: `Skill ${i}` })).skillId);
    }
    const pinned1 = expectData(
      await carol.post<SkillInstance>('/v1/skill/instance/pin', { skillId: ids[3] }),
    );
    expect(pinned1.pinnedAt).toBeTruthy();
    expectData(await carol.post('/v1/skill/instance/pin', { skillId: ids[5] }));
    const order = (await list(carol)).map((s) => s.skillId);
    expect(order.slice(0, 2)).toEqual([ids[5], ids[3]]);
    // pinning again keeps it where it is
    expectData(await carol.post('/v1/skill/instance/pin', { skillId: ids[3] }));
    expect((await list(carol)).slice(0, 2).map((s) => s.skillId)).toEqual([ids[5], ids[3]]);

    for (const id of ids.slice(0, LIMITS.maxPinnedSkills))
      expectData(await carol.post('/v1/skill/instance/pin', { skillId: id }));
    const msg = expectFailure(
      await carol.post('/v1/skill/instance/pin', { skillId: ids[LIMITS.maxPinnedSkills] }),
      'E0003',
    );
    expect(msg).toBe(
      `At most ${LIMITS.maxPinnedSkills} skills can be pinned: unpin one before pinning another`,
    );

    // pins at once cannot pass the limit either
    expectData(await carol.post('/v1/skill/instance/unpin', { skillId: ids[0] }));
    expectData(await carol.post('/v1/skill/instance/unpin', { skillId: ids[1] }));
    const raced = await Promise.all(
      [ids[0], ids[LIMITS.maxPinnedSkills], ids[1]].map((skillId) =>
        carol.post('/v1/skill/instance/pin', { skillId }),
      ),
    );
    expect(raced.filter((r) => r.body.success)).toHaveLength(2);
    expect((await list(carol)).filter((s) => s.pinnedAt)).toHaveLength(LIMITS.maxPinnedSkills);
    expectData(await carol.post('/v1/skill/instance/unpin', { skillId: ids[LIMITS.maxPinnedSkills] }));
    for (const id of [ids[0], ids[1]])
      expectData(await carol.post('/v1/skill/instance/pin', { skillId: id }));

    const unpinned = expectData(
      await carol.post<SkillInstance>('/v1/skill/instance/unpin', { skillId: ids[5] }),
    );
    expect(unpinned.pinnedAt).toBeNull();
    expectData(await carol.post('/v1/skill/instance/pin', { skillId: ids[LIMITS.maxPinnedSkills] }));
    const all = await list(carol);
    expect(all.findIndex((s) => s.skillId === ids[5])).toBe(LIMITS.maxPinnedSkills);
    // pagination and one instance by id
    expect(await list(carol, { pageSize: '3', page: '2' })).toHaveLength(3);
    expect((await list(carol, { skillId: ids[0]! })).map((s) => s.skillId)).toEqual([ids[0]]);
  });

  it('deletes an instance with its triggers', async ({ alice }) => {
    const made = await create(alice, { tplName: 'commonQnA', displayName: 'Short-lived' });
    const trigger = expectData(
      await alice.post<SkillTrigger>('/v1/skill/trigger/new', {
        skillId: made.skillId,
        displayName: 'On ready',
        triggerType: 'simpleEvent',
        simpleEventName: 'onResourceReady',
      }),
    );
    expectData(await alice.post('/v1/skill/instance/delete', { skillId: made.skillId }));
    expect((await list(alice)).some((s) => s.skillId === made.skillId)).toBe(false);
    const triggers = expectData(await alice.get<SkillTrigger[]>('/v1/skill/trigger/list'));
    expect(triggers.some((t) => t.triggerId === trigger.triggerId)).toBe(false);
    expectFailure(await alice.post('/v1/skill/instance/delete', { skillId: made.skillId }), 'E1006');
  });

  it('user B and an anonymous caller can neither list, change, pin, delete nor run A’s instance', async ({
    server,
    alice,
    bob,
  }) => {
    const made = await create(alice, { tplName: 'commonQnA', displayName: 'Private' });
    expect((await list(bob)).some((s) => s.skillId === made.skillId)).toBe(false);
    expect(await list(bob, { skillId: made.skillId })).toEqual([]);
    const body = { skillId: made.skillId };
    for (const path of ['update', 'pin', 'unpin', 'delete']) {
      expectFailure(
        await bob.post(`/v1/skill/instance/${path}`, { ...body, displayName: 'Mine now' }),
        'E1006',
      );
    }
    expectFailure(
      await bob.post('/v1/skill/invoke', { input: { query: 'hi' }, skillId: made.skillId }),
      'E1006',
    );
    const anon = server.client();
    for (const path of ['update', 'pin', 'unpin', 'delete']) {
      const res = await anon.post(`/v1/skill/instance/${path}`, body);
      expect(res.status).toBe(401);
    }
    expect((await anon.get('/v1/skill/instance/list')).status).toBe(401);
    expect(
      (await anon.post('/v1/skill/instance/new', { tplName: 'commonQnA', displayName: 'x' })).status,
    ).toBe(401);
    // still A's, unchanged
    const [mine] = await list(alice, { skillId: made.skillId });
    expect(mine).toMatchObject({ displayName: 'Private', pinnedAt: null });
  });

  it('/skill/invoke with skillId runs the instance’s template with its tplConfig and context rules', async ({
    server,
    alice,
    bob,
    fake,
  }) => {
    const made = await create(alice, {
      tplName: 'customPrompt',
      displayName: 'Pirate',
      tplConfig: { customSystemPrompt: { value: 'Talk like a pirate, always.' } },
      invocationConfig: { context: { rules: [{ key: 'contentList', limit: 1 }] } },
    });
    fake.reply = 'Arr!';
    const { resultId } = expectData(
      await alice.post<{ resultId: string }>('/v1/skill/invoke', {
        input: { query: 'Hello' },
        skillId: made.skillId,
      }),
    );
    const result = await waitForResult<{
      status: string;
      actionMeta?: { name: string; displayName?: string };
    }>(alice.client, resultId);
    expect(result.status).toBe('finish');
    expect(result.actionMeta).toMatchObject({ name: 'customPrompt', displayName: 'Pirate' });
    expect(systemOfLast(fake)).toContain('Talk like a pirate, always.');
    const [row] = await server.server.ctx.db
      .select()
      .from(actionResults)
      .where(eq(actionResults.resultId, resultId));
    expect(row!.runOptions).toMatchObject({ skillName: 'customPrompt', skillId: made.skillId });
    // the instance's jobs: /action/list?skillId
    const jobs = expectData(
      await alice.get<Array<{ resultId: string }>>('/v1/action/list', { skillId: made.skillId }),
    );
    expect(jobs.map((j) => j.resultId)).toEqual([resultId]);
    expect(expectData(await bob.get<unknown[]>('/v1/action/list', { skillId: made.skillId }))).toEqual([]);

    // the instance's rule: at most one contentList item
    const two = { contentList: [{ content: 'a' }, { content: 'b' }] };
    expect(
      expectFailure(
        await alice.post('/v1/skill/invoke', { input: { query: 'Hi' }, skillId: made.skillId, context: two }),
        'E0003',
      ),
    ).toMatch(/at most 1/);
    expectFailure(
      await alice.post('/v1/skill/invoke', { input: { query: 'Hi' }, skillId: 'sk-nothere' }),
      'E1006',
    );
  });

  it('a rerun runs the same instance without naming it; the result answers its skillId for follow-ups', async ({
    server,
    alice,
    bob,
    fake,
  }) => {
    const made = await create(alice, {
      tplName: 'customPrompt',
      displayName: 'Pirate',
      tplConfig: { customSystemPrompt: { value: 'Talk like a pirate, always.' } },
    });
    fake.reply = 'Arr!';
    const { resultId } = expectData(
      await alice.post<{ resultId: string }>('/v1/skill/invoke', {
        input: { query: 'Hello' },
        skillId: made.skillId,
      }),
    );
    type Result = {
      status: string;
      version: number;
      skillId?: string | null;
      actionMeta?: { name: string; displayName?: string };
    };
    const first = await waitForResult<Result>(alice.client, resultId);
    expect(first).toMatchObject({ status: 'finish', skillId: made.skillId });
    const version = (n: number) => (r: Result) =>
      r.version === n && (r.status === 'finish' || r.status === 'failed');
    const runOptions = async (version: number) => {
      const rows = await server.server.ctx.db
        .select()
        .from(actionResults)
        .where(eq(actionResults.resultId, resultId));
      return rows.find((r) => r.version === version)!.runOptions;
    };

    // a rerun as a client sends it without the instance: still the instance's template and prompt
    fake.requests.length = 0;
    expectData(
      await alice.post('/v1/skill/invoke', { resultId, input: { query: 'Hello' }, skillName: 'commonQnA' }),
    );
    const rerun = await waitForResult<Result>(alice.client, resultId, version(1));
    expect(rerun).toMatchObject({
      status: 'finish',
      version: 1,
      skillId: made.skillId,
      actionMeta: { name: 'customPrompt', displayName: 'Pirate' },
    });
    expect(systemOfLast(fake)).toContain('Talk like a pirate, always.');
    expect(await runOptions(1)).toMatchObject({ skillName: 'customPrompt', skillId: made.skillId });

    // a follow-up names the instance the result answered
    const followUp = expectData(
      await alice.post<{ resultId: string }>('/v1/skill/invoke', {
        input: { query: 'And then?' },
        skillId: first.skillId,
        resultHistory: [{ resultId, title: 'Hello', steps: [{ name: 'answer', content: 'Arr!' }] }],
      }),
    );
    expect(await waitForResult<Result>(alice.client, followUp.resultId)).toMatchObject({
      status: 'finish',
      skillId: made.skillId,
      actionMeta: { name: 'customPrompt', displayName: 'Pirate' },
    });

    // Bob cannot rerun Alice's result (its not-found code, nothing of the instance leaks)
    expectFailure(
      await bob.post('/v1/skill/invoke', { resultId, input: { query: 'Mine' }, skillName: 'commonQnA' }),
      'E1011',
    );

    // the instance deleted since: the rerun runs the skill it names, without an instance
    expectData(await alice.post('/v1/skill/instance/delete', { skillId: made.skillId }));
    expectData(
      await alice.post('/v1/skill/invoke', { resultId, input: { query: 'Hello' }, skillName: 'commonQnA' }),
    );
    const orphan = await waitForResult<Result>(alice.client, resultId, version(2));
    expect(orphan).toMatchObject({ status: 'finish', version: 2, skillId: null });
    expect(await runOptions(2)).toMatchObject({ skillName: 'commonQnA', skillId: null });
  });
});
