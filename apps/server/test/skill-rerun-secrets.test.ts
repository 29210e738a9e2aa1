/**
 * A secret of a skill's tplConfig (imageGeneration's apiKey) answered masked and posted back
 * masked, as the web's rerun and the instance form do, stands for the stored value, never for the
 * mask: a rerun of a plain run or of an instance's run calls the image API with the real key, as
 * does a rerun that leaves the secret out (what the web sends), the rerun's stored version unseals
 * to it, and an instance or trigger update with the mask keeps it.
 * A mask with nothing stored behind it is no value (E0003 for the missing key, not a run with the
 * mask as its key; nor a key of a new instance). The fake image API answers 401 to any other key.
 */
import type { ActionResult, SkillInstance, SkillTrigger, TplConfig } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { actionResults, skillTriggers } from '../src/db/schema/index.js';
import { findSkill } from '../src/skills/skill.builtins.js';
import { openTplConfig } from '../src/skills/skill.secrets.js';
import type { BuiltUser } from './helpers/factories.js';
import { startFakeWebServer, type FakeWebServer } from './helpers/fake-web-search.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, expectFailure } from './helpers/items.js';
import type { TestServer } from './helpers/server.js';
import { resetFake, streamSkill, waitForResult } from './helpers/skill-run.js';

let web: FakeWebServer;
beforeAll(async () => {
  web = await startFakeWebServer();
});
afterAll(async () => {
  await web?.close();
});

const it = skillTest({ IMAGE_GENERATION_POLL: '30ms', IMAGE_GENERATION_TIMEOUT: '5s' });
it.beforeEach(({ fake }) => {
  resetFake(fake);
  web.image = {};
});

const config = () => ({
  apiUrl: { value: `${web.url}/image` },
  apiKey: { value: 'img-key' },
  model: { value: 'gpt-image-1' },
});

/** The Authorization headers the image API received since `from`. */
const keysSent = (from: number) =>
  web.requests
    .slice(from)
    .filter((r) => r.path === '/image/generations')
    .map((r) => r.headers.authorization);

/** The apiKey of a stored (sealed) tplConfig of `u`, unsealed. */
const unsealedKey = (server: TestServer, u: BuiltUser, tplConfig: TplConfig | null) =>
  openTplConfig(findSkill('imageGeneration'), tplConfig ?? {}, server.server.ctx.secrets.encryption, u.uid)
    .apiKey?.value;

/** The apiKey stored with a result version, unsealed. */
async function storedKey(server: TestServer, u: BuiltUser, resultId: string, version: number) {
  const [row] = await server.server.ctx.db
    .select()
    .from(actionResults)
    .where(and(eq(actionResults.resultId, resultId), eq(actionResults.version, version)));
  return unsealedKey(server, u, row!.tplConfig);
}

/** Reruns a result as the web does: the request read back from /action/result, masked tplConfig included. */
async function rerunAsRead(u: BuiltUser, resultId: string) {
  const read = expectData(await u.get<ActionResult>('/v1/action/result', { resultId }));
  expect(read.tplConfig?.apiKey?.value).not.toBe('img-key');
  return streamSkill(u.client, {
    resultId,
    input: read.input,
    skillName: 'imageGeneration',
    tplConfig: read.tplConfig,
    ...(read.skillId ? { skillId: read.skillId } : {}),
  });
}

describe('masked secrets sent back', () => {
  it('a rerun of a plain run with the masked tplConfig calls the API with the real key', async ({
    server,
    alice,
  }) => {
    const first = await streamSkill(alice.client, {
      skillName: 'imageGeneration',
      input: { query: 'A red boat' },
      tplConfig: config(),
    });
    const resultId = first.events[0]!.resultId;
    expect((await waitForResult(alice.client, resultId)).status).toBe('finish');

    const from = web.requests.length;
    const again = await rerunAsRead(alice, resultId);
    expect(again.events.find((e) => e.event === 'error')).toBeUndefined();
    expect(again.events[0]).toMatchObject({ resultId, version: 1 });
    expect((await waitForResult(alice.client, resultId)).status).toBe('finish');
    expect(keysSent(from)).toEqual(['Bearer img-key']);
    expect(await storedKey(server, alice, resultId, 1)).toBe('img-key');

    // as the web reruns: the masked secret left out of the tplConfig it sends
    const read = expectData(await alice.get<ActionResult>('/v1/action/result', { resultId }));
    const { apiKey: _masked, ...rest } = read.tplConfig!;
    const third = await streamSkill(alice.client, {
      resultId,
      input: read.input,
      skillName: 'imageGeneration',
      tplConfig: rest,
    });
    expect(third.events[0]).toMatchObject({ resultId, version: 2 });
    expect((await waitForResult(alice.client, resultId)).status).toBe('finish');
    expect(keysSent(from)).toEqual(['Bearer img-key', 'Bearer img-key']);
    expect(await storedKey(server, alice, resultId, 2)).toBe('img-key');
  });

  it('a rerun of an instance’s run keeps the instance’s key; updates with the mask keep it', async ({
    server,
    alice,
  }) => {
    const instance = expectData(
      await alice.post<SkillInstance>('/v1/skill/instance/new', {
        tplName: 'imageGeneration',
        displayName: 'Pictures',
        tplConfig: config(),
      }),
    );
    // the form posts back what it read: the masked key
    expectData(
      await alice.post('/v1/skill/instance/update', {
        skillId: instance.skillId,
        tplConfig: instance.tplConfig,
      }),
    );
    const first = await streamSkill(alice.client, {
      skillName: 'imageGeneration',
      skillId: instance.skillId,
      input: { query: 'A blue boat' },
    });
    const resultId = first.events[0]!.resultId;
    expect((await waitForResult(alice.client, resultId)).status).toBe('finish');

    const from = web.requests.length;
    await rerunAsRead(alice, resultId);
    expect((await waitForResult(alice.client, resultId)).status).toBe('finish');
    expect(keysSent(from)).toEqual(['Bearer img-key']);
    expect(await storedKey(server, alice, resultId, 1)).toBe('img-key');

    // a trigger's override of the key, updated with the mask, keeps the override
    const trigger = expectData(
      await alice.post<SkillTrigger>('/v1/skill/trigger/new', {
        skillId: instance.skillId,
        displayName: 'Nightly',
        triggerType: 'simpleEvent',
        simpleEventName: 'onResourceReady',
        enabled: false,
        tplConfig: { apiKey: { value: 'img-key' } },
      }),
    );
    expectData(
      await alice.post('/v1/skill/trigger/update', {
        triggerId: trigger.triggerId,
        tplConfig: trigger.tplConfig,
      }),
    );
    const [row] = await server.server.ctx.db
      .select()
      .from(skillTriggers)
      .where(eq(skillTriggers.triggerId, trigger.triggerId));
    expect(unsealedKey(server, alice, row!.tplConfig)).toBe('img-key');
  });

  it('a mask with nothing stored behind it is no key: E0003, not a run with the mask', async ({ alice }) => {
    const read = expectData(
      await alice.post<SkillInstance>('/v1/skill/instance/new', {
        tplName: 'imageGeneration',
        displayName: 'Masked',
        tplConfig: config(),
      }),
    );
    const from = web.requests.length;
    const run = await streamSkill(alice.client, {
      skillName: 'imageGeneration',
      input: { query: 'A green boat' },
      tplConfig: { ...config(), apiKey: read.tplConfig!.apiKey! },
    });
    expect(run.refusal).toMatchObject({ success: false, errCode: 'E0003' });
    expect(keysSent(from)).toEqual([]);
    // nor is it a key of a new instance
    const message = expectFailure(
      await alice.post('/v1/skill/instance/new', {
        tplName: 'imageGeneration',
        displayName: 'Masked too',
        tplConfig: { ...config(), apiKey: read.tplConfig!.apiKey! },
      }),
      'E0003',
    );
    expect(message).toMatch(/apiKey/);
  });
});
