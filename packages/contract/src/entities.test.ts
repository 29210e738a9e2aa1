// Spot checks of the validation rules of spec section 5 as the request schemas enforce them.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AddPageNodesSchema } from './entities/page.js';
import { CreateCodeArtifactSchema } from './entities/code-artifact.js';
import { CreateDocumentSchema } from './entities/document.js';
import { CreateLabelClassSchema } from './entities/label.js';
import { McpServerImportSchema, UpsertMcpServerSchema } from './entities/mcp.js';
import { CreateProjectSchema } from './entities/project.js';
import { CreateProviderItemSchema, RerankerModelConfigSchema } from './entities/provider.js';
import { BatchCreateResourceSchema, CreateResourceSchema } from './entities/resource.js';
import { SourceSchema } from './entities/search.js';
import { ContextRuleSchema } from './entities/skill.js';
import { CreateSkillTriggerSchema, UpdateSkillTriggerSchema } from './entities/trigger.js';
import { CreateTemplateSchema } from './entities/template.js';
import { EmailLoginSchema, EmailSignupSchema, PasswordConfirmFormSchema } from './entities/user.js';
import { LIMITS } from './limits.js';

/** The messages of a failed parse, or [] when it passed. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('entity validation (spec section 5)', () => {
  it('accepts only http and https web links', () => {
    const link = (url: string) => ({ title: 'A page', resourceType: 'weblink', data: { url } });
    expect(messages(CreateResourceSchema, link('https://example.com/a'))).toEqual([]);
    expect(messages(CreateResourceSchema, link('http://example.com'))).toEqual([]);
    expect(messages(CreateResourceSchema, link('ftp://example.com'))).toContain(
      'Web links must start with http or https',
    );
    expect(messages(CreateResourceSchema, link('javascript:alert(1)'))).toContain(
      'Web links must start with http or https',
    );
    expect(messages(CreateResourceSchema, { title: 'A page', resourceType: 'weblink' })).toEqual([
      'A web link is required',
    ]);
    expect(messages(BatchCreateResourceSchema, { items: [] })).toEqual(['At least one link is required']);
  });

  it('needs title and content for pasted text, and a file for file resources', () => {
    expect(messages(CreateResourceSchema, { title: 'Note', resourceType: 'text', content: 'Hello' })).toEqual(
      [],
    );
    expect(messages(CreateResourceSchema, { title: 'Note', resourceType: 'text', content: '  ' })).toEqual([
      'Pasted text needs both title and content',
    ]);
    expect(messages(CreateResourceSchema, { title: '', resourceType: 'text', content: 'Hello' })).toEqual([
      'Title is required',
    ]);
    expect(messages(CreateResourceSchema, { title: 'Scan', resourceType: 'file' })).toEqual([
      'An uploaded file is required',
    ]);
  });

  it('caps content fields at 100k characters', () => {
    const atLimit = 'x'.repeat(LIMITS.maxContentChars);
    expect(CreateDocumentSchema.safeParse({ initialContent: atLimit }).success).toBe(true);
    expect(CreateDocumentSchema.safeParse({ initialContent: `${atLimit}x` }).success).toBe(false);
    expect(
      CreateResourceSchema.safeParse({ title: 'T', resourceType: 'text', content: `${atLimit}x` }).success,
    ).toBe(false);
    expect(CreateDocumentSchema.parse({}).readOnly).toBe(false);
  });

  it('needs name, display name, prompt and at least one value for a label class', () => {
    const base = { name: 'topic', displayName: 'Topic', prompt: 'Pick the topic', labels: ['AI'] };
    expect(messages(CreateLabelClassSchema, base)).toEqual([]);
    expect(messages(CreateLabelClassSchema, { ...base, labels: [] })).toEqual([
      'At least one label value is required',
    ]);
    expect(messages(CreateLabelClassSchema, { ...base, prompt: '' })).toEqual(['Prompt is required']);
    expect(
      CreateLabelClassSchema.safeParse({ displayName: 'Topic', prompt: 'p', labels: ['a'] }).success,
    ).toBe(false);
  });

  it('needs timerConfig for timer triggers and simpleEventName for simple-event triggers', () => {
    const base = { skillId: 'sk-1', displayName: 'Daily digest' };
    const timer = { datetime: '2026-01-01T08:00:00+08:00', repeatInterval: 'day' };
    expect(messages(CreateSkillTriggerSchema, { ...base, triggerType: 'timer', timerConfig: timer })).toEqual(
      [],
    );
    expect(messages(CreateSkillTriggerSchema, { ...base, triggerType: 'timer' })).toEqual([
      'A timer trigger needs timerConfig',
    ]);
    expect(messages(CreateSkillTriggerSchema, { ...base, triggerType: 'simpleEvent' })).toEqual([
      'A simple-event trigger needs simpleEventName',
    ]);
    expect(
      messages(CreateSkillTriggerSchema, {
        ...base,
        triggerType: 'simpleEvent',
        simpleEventName: 'onResourceReady',
      }),
    ).toEqual([]);
    expect(
      messages(CreateSkillTriggerSchema, {
        ...base,
        triggerType: 'timer',
        timerConfig: { ...timer, repeatInterval: 'minute' },
      }),
    ).not.toEqual([]);
    expect(
      CreateSkillTriggerSchema.parse({ ...base, triggerType: 'timer', timerConfig: timer }).enabled,
    ).toBe(true);
    expect(messages(UpdateSkillTriggerSchema, { triggerId: 'tg-1', enabled: false })).toEqual([]);
    expect(messages(UpdateSkillTriggerSchema, { triggerId: 'tg-1', triggerType: 'timer' })).toEqual([
      'A timer trigger needs timerConfig',
    ]);
  });

  it('needs a url for sse and streamable MCP servers and a command and args for stdio', () => {
    expect(
      messages(UpsertMcpServerSchema, { name: 'fs', type: 'streamable', url: 'https://mcp.example.com/mcp' }),
    ).toEqual([]);
    expect(messages(UpsertMcpServerSchema, { name: 'fs', type: 'sse' })).toEqual([
      'URL is required for sse and streamable servers',
    ]);
    expect(messages(UpsertMcpServerSchema, { name: 'fs', type: 'stdio' })).toEqual([
      'Command is required for stdio servers',
      'Args are required for stdio servers',
    ]);
    expect(
      messages(UpsertMcpServerSchema, { name: 'fs', type: 'stdio', command: 'npx', args: ['-y', 'server'] }),
    ).toEqual([]);
    expect(messages(UpsertMcpServerSchema, { name: '', type: 'sse', url: 'https://x.dev' })).toEqual([
      'Name is required',
    ]);
    expect(
      messages(UpsertMcpServerSchema, { name: 'h', type: 'sse', url: 'https://x.dev', headers: { '': 'v' } }),
    ).toContain('Names must not be empty');
    expect(
      messages(UpsertMcpServerSchema, { name: 'h', type: 'sse', url: 'https://x.dev', env: { KEY: '' } }),
    ).toContain('Values must not be empty');
    expect(messages(McpServerImportSchema, [])).toEqual(['Batch import needs a non-empty JSON array']);
  });

  it('keeps the reranker relevance threshold between 0 and 1', () => {
    const reranker = { modelId: 'rerank-1', modelName: 'Rerank', relevanceThreshold: 0.5 };
    expect(RerankerModelConfigSchema.safeParse(reranker).success).toBe(true);
    expect(RerankerModelConfigSchema.safeParse({ ...reranker, relevanceThreshold: 1.5 }).success).toBe(false);
    const item = { providerId: 'pr-1', name: 'Rerank', category: 'reranker' };
    expect(CreateProviderItemSchema.safeParse({ ...item, config: reranker }).success).toBe(true);
    expect(
      CreateProviderItemSchema.safeParse({ ...item, config: { ...reranker, relevanceThreshold: -0.1 } })
        .success,
    ).toBe(false);
    expect(CreateProviderItemSchema.parse({ ...item, config: reranker }).group).toBe('default');
    const embedding = {
      providerId: 'pr-1',
      name: 'Embed',
      category: 'embedding',
      config: { modelId: 'e', modelName: 'E', dimensions: 1024 },
    };
    expect(CreateProviderItemSchema.parse(embedding).config).toEqual(embedding.config);
  });

  it('words the email and password rules as the sign-in form shows them', () => {
    expect(messages(EmailLoginSchema, { email: '', password: 'x' })).toContain('Email cannot be empty');
    expect(messages(EmailLoginSchema, { password: 'x' })).toContain('Email cannot be empty');
    expect(messages(EmailSignupSchema, { email: 'not-an-email', password: 'long enough' })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(messages(EmailSignupSchema, { email: 'a@b.co', password: 'short' })).toEqual([
      'Password must contain 8 or more characters',
    ]);
    expect(
      messages(PasswordConfirmFormSchema, { password: 'long enough', confirmPassword: 'long enuf' }),
    ).toEqual(['The new password that you entered do not match!']);
  });

  it('checks the remaining required fields and structures', () => {
    expect(messages(AddPageNodesSchema, { nodeIds: [] })).toEqual(['Select at least one node']);
    expect(messages(CreateProjectSchema, { name: ' ' })).toEqual(['Project name is required']);
    expect(
      messages(CreateTemplateSchema, { canvasId: 'c-1', title: '', description: 'd', language: 'en' }),
    ).toEqual(['Template name must be entered']);
    expect(SourceSchema.safeParse({ url: 'https://a.dev' }).success).toBe(false);
    expect(messages(ContextRuleSchema, { key: 'resources', preferredSelectionKeys: ['x'] })).toEqual([
      'preferredSelectionKeys applies only to the contentList key',
    ]);
    expect(ContextRuleSchema.parse({ key: 'contentList' })).toEqual({
      key: 'contentList',
      limit: 50,
      required: false,
    });
    const mindmap = { type: 'mindmap', title: 'Map' };
    expect(
      messages(CreateCodeArtifactSchema, {
        ...mindmap,
        content: '{"id":"root","label":"Idea","children":[]}',
      }),
    ).toEqual([]);
    expect(messages(CreateCodeArtifactSchema, { ...mindmap, content: '{not json' })).toEqual([
      'Invalid mind map data format',
    ]);
    expect(messages(CreateCodeArtifactSchema, { ...mindmap, content: '{"children":3}' })).toEqual([
      'Invalid mind map data format',
    ]);
  });
});
