/**
 * Skill triggers over real HTTP: create, update, enable/disable, delete and list timer and
 * simple-event triggers; the spec's rules (a timer needs timerConfig, an event trigger needs
 * simpleEventName: E0003); user B and an anonymous caller reach nothing of user A's; an
 * 'on resource ready' trigger runs its skill once per resource ready transition, with that
 * resource as context, as a skill job linked to the trigger. Timers on the clock:
 * trigger-timer.test.ts.
 */
import type { SkillInstance, SkillTrigger } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { actionResults, skillTriggerRuns } from '../src/db/schema/index.js';
import type { BuiltUser } from './helpers/factories.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import { createResource, settled } from './helpers/resources.js';
import { resetFake } from './helpers/skill-run.js';
import type { TestServer } from './helpers/server.js';

const it = skillTest();
it.beforeEach(({ fake }) => resetFake(fake));

const HOUR = 3_600_000;

async function instanceOf(u: BuiltUser, tplName = 'commonQnA'): Promise<string> {
  const body =
    tplName === 'customPrompt' ? { tplConfig: { customSystemPrompt: { value: 'Be brief.' } } } : {};
  return expectData(
    await u.post<SkillInstance>('/v1/skill/instance/new', { tplName, displayName: 'Mine', ...body }),
  ).skillId;
}
const newTrigger = async (u: BuiltUser, body: Record<string, unknown>) =>
  expectData(await u.post<SkillTrigger>('/v1/skill/trigger/new', body));
const listTriggers = async (u: BuiltUser, query: Record<string, string> = {}) =>
  expectData(await u.get<SkillTrigger[]>('/v1/skill/trigger/list', query));

/** The skill jobs of a trigger, read from the database. */
const runsOf = (server: TestServer, triggerId: string) =>
  server.server.ctx.db
    .select()
    .from(actionResults)
    .where(sql`${actionResults.runOptions}->>'triggerId' = ${triggerId}`);

describe('skill triggers', () => {
  it('creates, lists, updates, disables and deletes a timer trigger', async ({ server, alice }) => {
    const skillId = await instanceOf(alice);
    const at = new Date(server.clock.now() + 2 * HOUR).toISOString();
    const made = await newTrigger(alice, {
      skillId,
      displayName: 'Morning summary',
      triggerType: 'timer',
      timerConfig: { datetime: at, repeatInterval: 'day', timeZone: 'Europe/Paris' },
      input: { query: 'Summarise my day' },
      context: { contentList: [{ content: 'Notes' }] },
    });
    expect(made.triggerId).toMatch(/^tg-/);
    expect(made).toMatchObject({
      skillId,
      displayName: 'Morning summary',
      triggerType: 'timer',
      simpleEventName: null,
      enabled: true,
      input: { query: 'Summarise my day' },
      nextRunAt: at,
      lastRunAt: null,
    });
    expect((await listTriggers(alice, { skillId })).map((t) => t.triggerId)).toEqual([made.triggerId]);

    const off = expectData(
      await alice.post<SkillTrigger>('/v1/skill/trigger/update', {
        triggerId: made.triggerId,
        enabled: false,
      }),
    );
    expect(off).toMatchObject({ enabled: false, nextRunAt: null });
    const on = expectData(
      await alice.post<SkillTrigger>('/v1/skill/trigger/update', {
        triggerId: made.triggerId,
        enabled: true,
        displayName: 'Evening summary',
      }),
    );
    expect(on).toMatchObject({ enabled: true, nextRunAt: at, displayName: 'Evening summary' });

    // to an event trigger and back
    const event = expectData(
      await alice.post<SkillTrigger>('/v1/skill/trigger/update', {
        triggerId: made.triggerId,
        triggerType: 'simpleEvent',
        simpleEventName: 'onResourceReady',
      }),
    );
    expect(event).toMatchObject({ triggerType: 'simpleEvent', timerConfig: null, nextRunAt: null });
    expectFailure(
      await alice.post('/v1/skill/trigger/update', { triggerId: made.triggerId, triggerType: 'timer' }),
      'E0003',
    );

    expectData(await alice.post('/v1/skill/trigger/delete', { triggerId: made.triggerId }));
    expect(await listTriggers(alice, { skillId })).toEqual([]);
    expectFailure(await alice.post('/v1/skill/trigger/delete', { triggerId: made.triggerId }), 'E1006');
  });

  it('refuses bad input with E0003 naming the field, never a 500', async ({ server, alice }) => {
    const skillId = await instanceOf(alice);
    const future = new Date(server.clock.now() + HOUR).toISOString();
    const bad = async (body: Record<string, unknown>, code = 'E0003') =>
      expectFailure(await alice.post('/v1/skill/trigger/new', { skillId, displayName: 'T', ...body }), code);
    expect(await bad({ triggerType: 'timer' })).toMatch(/timerConfig/);
    expect(await bad({ triggerType: 'simpleEvent' })).toMatch(/simpleEventName/);
    await bad({ triggerType: 'cron', timerConfig: { datetime: future } });
    await bad({ triggerType: 'simpleEvent', simpleEventName: 'onDocumentSaved' });
    await bad({ triggerType: 'timer', timerConfig: { datetime: 'tomorrow at nine' } });
    await bad({ triggerType: 'timer', timerConfig: { datetime: future, repeatInterval: 'fortnight' } });
    expect(
      await bad({ triggerType: 'timer', timerConfig: { datetime: future, timeZone: 'Mars/Olympus' } }),
    ).toMatch(/unknown time zone/);
    const past = new Date(server.clock.now() - HOUR).toISOString();
    expect(await bad({ triggerType: 'timer', timerConfig: { datetime: past } })).toMatch(/has passed/);
    expect(await bad({ triggerType: 'timer', displayName: '', timerConfig: { datetime: future } })).toMatch(
      /Name/,
    );
    expect(
      await bad({
        triggerType: 'timer',
        timerConfig: { datetime: future },
        tplConfig: { nope: { value: 1 } },
      }),
    ).toMatch(/no such setting/);
    await bad({ triggerType: 'timer', timerConfig: { datetime: future }, skillId: 'sk-missing' }, 'E1006');
    // context items must be the caller's
    await bad(
      {
        triggerType: 'simpleEvent',
        simpleEventName: 'onResourceReady',
        context: { resources: [{ resourceId: 'r-nothere' }] },
      },
      'E1002',
    );
    // a repeating timer whose first time has passed starts at its next occurrence
    const daily = await newTrigger(alice, {
      skillId,
      displayName: 'Daily',
      triggerType: 'timer',
      timerConfig: { datetime: past, repeatInterval: 'day' },
    });
    expect(Date.parse(daily.nextRunAt!)).toBe(Date.parse(past) + 24 * HOUR);
  });

  it('user B and an anonymous caller can neither list, change, delete nor run A’s trigger', async ({
    server,
    alice,
    bob,
  }) => {
    const skillId = await instanceOf(alice);
    const made = await newTrigger(alice, {
      skillId,
      displayName: 'Private',
      triggerType: 'simpleEvent',
      simpleEventName: 'onResourceReady',
    });
    expect((await listTriggers(bob)).some((t) => t.triggerId === made.triggerId)).toBe(false);
    expect(await listTriggers(bob, { skillId })).toEqual([]);
    expectFailure(
      await bob.post('/v1/skill/trigger/update', { triggerId: made.triggerId, enabled: false }),
      'E1006',
    );
    expectFailure(await bob.post('/v1/skill/trigger/delete', { triggerId: made.triggerId }), 'E1006');
    // B cannot attach a trigger to A's instance, nor run A's trigger
    expectFailure(
      await bob.post('/v1/skill/trigger/new', {
        skillId,
        displayName: 'Hijack',
        triggerType: 'simpleEvent',
        simpleEventName: 'onResourceReady',
      }),
      'E1006',
    );
    const bobSkill = await instanceOf(bob);
    expectFailure(
      await bob.post('/v1/skill/invoke', {
        input: { query: 'hi' },
        skillId: bobSkill,
        triggerId: made.triggerId,
      }),
      'E1006',
    );
    const anon = server.client();
    expect((await anon.get('/v1/skill/trigger/list')).status).toBe(401);
    expect(
      (await anon.post('/v1/skill/trigger/update', { triggerId: made.triggerId, enabled: false })).status,
    ).toBe(401);
    expect((await anon.post('/v1/skill/trigger/delete', { triggerId: made.triggerId })).status).toBe(401);
    const [still] = await listTriggers(alice, { skillId });
    expect(still).toMatchObject({ triggerId: made.triggerId, enabled: true, displayName: 'Private' });
  });

  it('runs an on-resource-ready trigger once per ready transition, with that resource as context', async ({
    server,
    alice,
    bob,
    fake,
  }) => {
    fake.reply = 'A summary.';
    const skillId = await instanceOf(alice, 'customPrompt');
    const trigger = await newTrigger(alice, {
      skillId,
      displayName: 'Summarise new resources',
      triggerType: 'simpleEvent',
      simpleEventName: 'onResourceReady',
      input: { query: 'Summarise this resource' },
    });
    const disabled = await newTrigger(alice, {
      skillId,
      displayName: 'Off',
      triggerType: 'simpleEvent',
      simpleEventName: 'onResourceReady',
      enabled: false,
    });

    const r = await createResource(alice.client, {
      title: 'Fresh',
      resourceType: 'text',
      content: 'Sunny today.',
    });
    expect((await settled(server, alice.client, r.resourceId)).indexStatus).toBe('finish');
    const [run] = await vi.waitFor(
      async () => {
        const rows = await runsOf(server, trigger.triggerId);
        if (rows.length === 0) throw new Error('no run yet');
        return rows;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(run!.uid).toBe(alice.uid);
    expect(run!.input.query).toBe('Summarise this resource');
    expect(run!.context?.resources?.map((x) => x.resourceId)).toEqual([r.resourceId]);
    expect(run!.runOptions).toMatchObject({
      skillId,
      triggerId: trigger.triggerId,
      skillName: 'customPrompt',
    });
    expect(run!.tplConfig?.customSystemPrompt?.value).toBe('Be brief.');
    await server.server.ctx.queue.drain();
    const [done] = await server.server.ctx.db
      .select()
      .from(actionResults)
      .where(eq(actionResults.resultId, run!.resultId));
    expect(done!.status).toBe('finish');

    // the same transition announced again: no second run
    await server.server.ctx.events.emit('resource.ready', {
      uid: alice.uid,
      resourceId: r.resourceId,
      title: 'Fresh',
      finishCount: 1,
    });
    expect(await runsOf(server, trigger.triggerId)).toHaveLength(1);
    expect(await runsOf(server, disabled.triggerId)).toHaveLength(0);

    // bob's resources do not run alice's trigger
    const theirs = await createResource(bob.client, { title: 'Bob’s', resourceType: 'text', content: 'x' });
    await settled(server, bob.client, theirs.resourceId);
    await server.server.ctx.queue.drain();
    expect(await runsOf(server, trigger.triggerId)).toHaveLength(1);

    // ready again after an edit: one more run
    expectData(
      await alice.post('/v1/knowledge/resource/update', {
        resourceId: r.resourceId,
        content: 'Rainy tomorrow.',
      }),
    );
    await settled(server, alice.client, r.resourceId);
    await vi.waitFor(
      async () => {
        if ((await runsOf(server, trigger.triggerId)).length < 2) throw new Error('no second run yet');
      },
      { timeout: 10_000, interval: 50 },
    );
    await server.server.ctx.queue.drain();
    expect(await runsOf(server, trigger.triggerId)).toHaveLength(2);
    const recorded = await server.server.ctx.db
      .select()
      .from(skillTriggerRuns)
      .where(eq(skillTriggerRuns.triggerId, trigger.triggerId));
    expect(recorded.map((x) => x.runKey).sort()).toEqual([
      `resource:${r.resourceId}:1`,
      `resource:${r.resourceId}:2`,
    ]);
    expect(recorded.every((x) => x.status === 'started')).toBe(true);
    const [listed] = await listTriggers(alice, { skillId });
    expect(listed?.lastRunAt).toBeTruthy();
  });
});
