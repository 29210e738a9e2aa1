/**
 * Follow-ups and reruns keep the skill instance of the answer they come from (issue 12): the
 * invoke body names its skillId; runs without an instance name none. A follow-up or rerun of an
 * agent answer runs the agent with the answer's MCP servers. A rerun never sends a secret back
 * masked: the tplConfig it sends leaves the masked entries out (the server keeps the real ones).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TPL_CONFIG_SECRET_MASK, type ActionResult, type InvokeSkill } from '@atelier/contract';
import { emptyRun } from './skillStore';

const runSkill = vi.fn<(options: { body: Partial<InvokeSkill> }) => Promise<string | null>>();
const call = vi.fn<(id: string, args: unknown) => Promise<unknown>>();
vi.mock('./runSkill', () => ({ runSkill: (options: { body: Partial<InvokeSkill> }) => runSkill(options) }));
vi.mock('../../api/client', () => ({ api: { call: (id: string, args: unknown) => call(id, args) } }));

const { askFollowUp, rerun } = await import('./threadActions');

const result = (extra: Partial<ActionResult>): ActionResult => ({
  resultId: 'ar-1',
  version: 0,
  title: 'Hello',
  input: { query: 'Hello' },
  status: 'finish',
  type: 'skill',
  actionMeta: { type: 'skill', name: 'customPrompt', displayName: 'Pirate' },
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  ...extra,
});

describe('follow-ups and reruns', () => {
  beforeEach(() => {
    runSkill.mockReset().mockResolvedValue('ar-2');
    call.mockReset();
  });

  it('a follow-up of an instance answer runs the same instance', async () => {
    const run = { ...emptyRun('ar-1'), skillId: 'sk-pirate', content: 'Arr!', input: { query: 'Hello' } };
    await askFollowUp(run, 'And then?', null);
    const body = runSkill.mock.calls[0]![0].body;
    expect(body).toMatchObject({ skillId: 'sk-pirate', input: { query: 'And then?' } });
    expect(body.resultHistory?.at(-1)).toMatchObject({ resultId: 'ar-1' });
  });

  it('a follow-up of a plain answer names no instance', async () => {
    await askFollowUp({ ...emptyRun('ar-1'), content: 'Hi' }, 'More?', null);
    expect(runSkill.mock.calls[0]![0].body).not.toHaveProperty('skillId');
  });

  it('a rerun sends the skillId the result answers', async () => {
    call.mockResolvedValue(result({ skillId: 'sk-pirate' }));
    await rerun('ar-1', null, null);
    expect(call).toHaveBeenCalledWith('action.result', { query: { resultId: 'ar-1' } });
    expect(runSkill.mock.calls[0]![0].body).toMatchObject({
      resultId: 'ar-1',
      skillId: 'sk-pirate',
      skillName: 'customPrompt',
    });
  });

  it('a rerun of a run without an instance names none', async () => {
    call.mockResolvedValue(result({ skillId: null, actionMeta: { type: 'skill', name: 'commonQnA' } }));
    await rerun('ar-1', null, null);
    expect(runSkill.mock.calls[0]![0].body).not.toHaveProperty('skillId');
  });

  it('a follow-up of an agent answer runs the agent with its MCP servers', async () => {
    const run = {
      ...emptyRun('ar-1'),
      skillName: 'agent',
      selectedMcpServers: ['everything', 'docs'],
      content: 'Done',
    };
    await askFollowUp(run, 'Again?', null);
    expect(runSkill.mock.calls[0]![0].body).toMatchObject({
      skillName: 'agent',
      selectedMcpServers: ['everything', 'docs'],
    });
  });

  it('a follow-up of another skill’s answer sends no MCP servers', async () => {
    const run = {
      ...emptyRun('ar-1'),
      skillName: 'commonQnA',
      selectedMcpServers: ['everything'],
      content: 'Hi',
    };
    await askFollowUp(run, 'More?', null);
    const body = runSkill.mock.calls[0]![0].body;
    expect(body.skillName).toBe('commonQnA');
    expect(body).not.toHaveProperty('selectedMcpServers');
  });

  it('a rerun keeps the MCP servers and leaves masked secrets out of its tplConfig', async () => {
    call.mockResolvedValue(
      result({
        skillId: null,
        actionMeta: { type: 'skill', name: 'imageGeneration' },
        selectedMcpServers: ['everything'],
        tplConfig: {
          apiUrl: { value: 'https://img.example' },
          apiKey: { value: TPL_CONFIG_SECRET_MASK, displayValue: TPL_CONFIG_SECRET_MASK },
        },
      }),
    );
    await rerun('ar-1', null, null);
    const body = runSkill.mock.calls[0]![0].body;
    expect(body.tplConfig).toEqual({ apiUrl: { value: 'https://img.example' } });
    expect(JSON.stringify(body)).not.toContain(TPL_CONFIG_SECRET_MASK);
    expect(body.selectedMcpServers).toEqual(['everything']);
  });

  it('a rerun whose tplConfig holds only masked secrets sends none', async () => {
    call.mockResolvedValue(
      result({
        tplConfig: { apiKey: { value: TPL_CONFIG_SECRET_MASK, displayValue: TPL_CONFIG_SECRET_MASK } },
      }),
    );
    await rerun('ar-1', null, null);
    expect(runSkill.mock.calls[0]![0].body).not.toHaveProperty('tplConfig');
  });
});
