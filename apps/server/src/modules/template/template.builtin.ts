/**
 * Built-in templates and template categories, installed at start (issue 11, point 12).
 *
 * The data lives in `builtin/*.json` (one file per template, each with an `en` and a `zh-CN`
 * version) and `builtin/categories.json`. Each (template, language) is one template row keyed by
 * `builtinKey = "{key}:{language}"`, owned by the system account `SYSTEM_TEMPLATE_UID` (no email,
 * no password, no identity: it cannot sign in), featured.
 *
 * Safe on every start and with several instances starting at once, without locks:
 * - a missing template is claimed by inserting its row first (`on conflict do nothing` on the
 *   unique `builtin_key`): only the instance whose insert succeeded builds the canvas and publishes;
 * - a newer data file is claimed by `update … set version = new where version < new`: only the
 *   instance that moved the version rebuilds; it publishes a new canvas, points the row at the new
 *   share, then revokes the old share and deletes the old canvas;
 * - a claim left half-done by a crash (no share yet after CLAIM_TIMEOUT_MS) is claimed again.
 * Listing hides rows without a share, so a claim in progress is never shown.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { CanvasNodeInput, CanvasSnapshotInput } from '@atelier/canvas';
import { CANVAS_SCHEMA_VERSION } from '@atelier/canvas';
import type { AppContext } from '../../context.js';
import { templateCategories, templates, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import type { Services } from '../../services.js';
import type { TemplatePublisher } from './template.service.js';
import categoriesFile from './builtin/categories.json' with { type: 'json' };
import essayOutline from './builtin/essay-outline.json' with { type: 'json' };
import literatureReview from './builtin/literature-review.json' with { type: 'json' };
import meetingNotes from './builtin/meeting-notes.json' with { type: 'json' };
import productBrief from './builtin/product-brief.json' with { type: 'json' };
import researchQuestion from './builtin/research-question.json' with { type: 'json' };
import studyGuide from './builtin/study-guide.json' with { type: 'json' };
import tripPlan from './builtin/trip-plan.json' with { type: 'json' };
import weeklyReview from './builtin/weekly-review.json' with { type: 'json' };

/** The owner of the built-in templates and their shares: an account that cannot sign in. */
export const SYSTEM_TEMPLATE_UID = 'u-atelier-templates';
export const BUILTIN_LANGUAGES = ['en', 'zh-CN'] as const;
const CLAIM_TIMEOUT_MS = 10 * 60_000;

export interface BuiltinNode {
  id: string;
  type: 'document' | 'memo';
  title: string;
  /** Markdown of a document; the text of a memo. */
  content: string;
}
export interface BuiltinLocale {
  title: string;
  description: string;
  nodes: BuiltinNode[];
  /** [source id, target id] */
  edges: Array<[string, string]>;
}
export interface BuiltinTemplate {
  key: string;
  version: number;
  categoryId: string;
  locales: Record<(typeof BUILTIN_LANGUAGES)[number], BuiltinLocale>;
}
export interface BuiltinCategory {
  categoryId: string;
  name: string;
  labelDict: Record<string, string>;
  descriptionDict: Record<string, string>;
}

export const BUILTIN_CATEGORIES: readonly BuiltinCategory[] = categoriesFile;
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [
  literatureReview,
  meetingNotes,
  essayOutline,
  productBrief,
  studyGuide,
  tripPlan,
  weeklyReview,
  researchQuestion,
] as BuiltinTemplate[];

export async function seedCategories(ctx: AppContext): Promise<void> {
  for (const [index, category] of BUILTIN_CATEGORIES.entries()) {
    const values = { ...category, sortOrder: index };
    await ctx.db
      .insert(templateCategories)
      .values(values)
      .onConflictDoUpdate({ target: templateCategories.categoryId, set: values });
  }
}

async function ensureSystemUser(ctx: AppContext): Promise<void> {
  await ctx.db
    .insert(users)
    .values({ uid: SYSTEM_TEMPLATE_UID, nickname: 'Atelier', email: null, passwordHash: null })
    .onConflictDoNothing({ target: users.uid });
}

/**
 * Lays the nodes out readably: memos (instructions) in the left column, documents in a grid of
 * two columns to their right.
 */
export function builtinSnapshot(
  locale: BuiltinLocale,
  docIds: ReadonlyMap<string, string>,
): CanvasSnapshotInput {
  const nodes: CanvasNodeInput[] = [];
  let memoY = 0;
  let docIndex = 0;
  for (const node of locale.nodes) {
    if (node.type === 'memo') {
      nodes.push({
        id: node.id,
        type: 'memo',
        position: { x: 0, y: memoY },
        width: 320,
        height: 240,
        data: { title: node.title, contentPreview: node.content },
      });
      memoY += 280;
    } else {
      const column = docIndex % 2;
      const row = Math.floor(docIndex / 2);
      docIndex += 1;
      nodes.push({
        id: node.id,
        type: 'document',
        position: { x: 400 + column * 400, y: row * 320 },
        data: {
          title: node.title,
          entityId: docIds.get(node.id) ?? '',
          contentPreview: node.content.slice(0, 300),
        },
      });
    }
  }
  return {
    schemaVersion: CANVAS_SCHEMA_VERSION,
    nodes,
    edges: locale.edges.map(([source, target]) => ({ id: `e-${source}-${target}`, source, target })),
  };
}

export class BuiltinTemplateInstaller {
  constructor(
    private readonly ctx: AppContext,
    private readonly services: Pick<Services, 'canvases' | 'documents'>,
    private readonly publisher: TemplatePublisher,
    private readonly data: readonly BuiltinTemplate[] = BUILTIN_TEMPLATES,
  ) {}

  async install(): Promise<void> {
    await seedCategories(this.ctx);
    await ensureSystemUser(this.ctx);
    for (const template of this.data) {
      for (const language of BUILTIN_LANGUAGES) await this.installOne(template, language);
    }
  }

  private async installOne(template: BuiltinTemplate, language: (typeof BUILTIN_LANGUAGES)[number]) {
    const builtinKey = `${template.key}:${language}`;
    const locale = template.locales[language];
    const meta = {
      title: locale.title,
      description: locale.description,
      categoryId: template.categoryId,
      language,
      featured: true,
    };
    const [existing] = await this.ctx.db
      .select()
      .from(templates)
      .where(eq(templates.builtinKey, builtinKey))
      .limit(1);
    if (!existing) {
      const [claimed] = await this.ctx.db
        .insert(templates)
        .values({
          templateId: newId('template'),
          uid: SYSTEM_TEMPLATE_UID,
          canvasId: '',
          shareId: '',
          version: template.version,
          builtinKey,
          ...meta,
        })
        .onConflictDoNothing()
        .returning();
      if (claimed) await this.publish(claimed.templateId, locale, null);
      return;
    }
    const stale = !existing.shareId && now().getTime() - existing.updatedAt.getTime() > CLAIM_TIMEOUT_MS;
    if (existing.version >= template.version && !stale) return;
    const [claimed] = await this.ctx.db
      .update(templates)
      .set({ version: template.version, updatedAt: now(), ...meta })
      .where(
        and(
          eq(templates.templateId, existing.templateId),
          stale ? eq(templates.updatedAt, existing.updatedAt) : lt(templates.version, template.version),
        ),
      )
      .returning();
    if (claimed) await this.publish(claimed.templateId, locale, existing);
  }

  /** Builds the canvas and its documents, publishes it, then retires the previous version's. */
  private async publish(
    templateId: string,
    locale: BuiltinLocale,
    previous: { canvasId: string; shareId: string } | null,
  ): Promise<void> {
    const docIds = new Map<string, string>();
    for (const node of locale.nodes) {
      if (node.type !== 'document') continue;
      const doc = await this.services.documents.create(SYSTEM_TEMPLATE_UID, {
        title: node.title,
        initialContent: node.content,
        readOnly: false,
      });
      docIds.set(node.id, doc.docId);
    }
    const canvas = await this.services.canvases.insert(
      SYSTEM_TEMPLATE_UID,
      { canvasId: newId('canvas'), title: locale.title, projectId: null, minimapStorageKey: null },
      builtinSnapshot(locale, docIds) as Parameters<Services['canvases']['insert']>[2],
    );
    const share = await this.publisher.publish(SYSTEM_TEMPLATE_UID, {
      entityType: 'canvas',
      entityId: canvas.canvasId,
      title: locale.title,
      allowDuplication: true,
      templateId,
    });
    await this.ctx.db
      .update(templates)
      .set({ canvasId: canvas.canvasId, shareId: share.shareId, updatedAt: now() })
      .where(eq(templates.templateId, templateId));
    if (previous?.shareId)
      await this.publisher.revoke(SYSTEM_TEMPLATE_UID, previous.shareId).catch(() => undefined);
    if (previous?.canvasId) await this.retireCanvas(previous.canvasId);
  }

  private async retireCanvas(canvasId: string): Promise<void> {
    const row = await this.services.canvases.load(SYSTEM_TEMPLATE_UID, canvasId, 'delete').catch(() => null);
    if (!row) return;
    const docIds = (row.snapshot?.nodes ?? [])
      .filter((node) => node.type === 'document' && node.data.entityId)
      .map((node) => node.data.entityId);
    await this.services.canvases.delete(SYSTEM_TEMPLATE_UID, canvasId);
    for (const docId of docIds)
      await this.services.documents.delete(SYSTEM_TEMPLATE_UID, docId).catch(() => undefined);
  }
}
