/**
 * Built-in templates and template categories, installed at start (issue 11, point 12).
 *
 * The data lives in `builtin/*.json` (template.builtin-data.ts) and the canvas each one becomes in
 * template.builtin-layout.ts. Each (template, language) is one template row keyed by
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
import type { AppContext } from '../../context.js';
import type { CanvasSnapshotInput } from '@atelier/canvas';
import { codeArtifacts, files, templateCategories, templates, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import type { Services } from '../../services.js';
import {
  BUILTIN_CATEGORIES,
  BUILTIN_LANGUAGES,
  BUILTIN_TEMPLATES,
  SYSTEM_TEMPLATE_UID,
  type BuiltinTemplate,
} from './template.builtin-data.js';
import { builtinCover } from './template.builtin-cover.js';
import { builtinSnapshot, type BuiltinLocale } from './template.builtin-layout.js';
import { finishRemoval } from '../access/access.delete.js';
import type { TemplatePublisher } from './template.service.js';

export {
  BUILTIN_CATEGORIES,
  BUILTIN_LANGUAGES,
  BUILTIN_TEMPLATES,
  SYSTEM_TEMPLATE_UID,
  type BuiltinTemplate,
} from './template.builtin-data.js';
export type { BuiltinLocale, BuiltinNode } from './template.builtin-layout.js';

const CLAIM_TIMEOUT_MS = 10 * 60_000;

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
    // The entities behind the cards: documents from their Markdown, code artifacts as they are.
    const entityIds = new Map<string, string>();
    for (const node of locale.nodes) {
      if (node.type === 'document') {
        const doc = await this.services.documents.create(SYSTEM_TEMPLATE_UID, {
          title: node.title,
          initialContent: node.content,
          readOnly: false,
        });
        entityIds.set(node.id, doc.docId);
      } else if (node.type === 'codeArtifact') {
        const artifactId = newId('codeArtifact');
        await this.ctx.db.insert(codeArtifacts).values({
          artifactId,
          uid: SYSTEM_TEMPLATE_UID,
          type: node.artifactType,
          title: node.title,
          content: node.content,
          language: node.language ?? null,
        });
        entityIds.set(node.id, artifactId);
      }
    }
    const canvasId = newId('canvas');
    const snapshot = builtinSnapshot(locale, entityIds);
    const canvas = await this.services.canvases.insert(
      SYSTEM_TEMPLATE_UID,
      {
        canvasId,
        title: locale.title,
        projectId: null,
        minimapStorageKey: await this.storeCover(canvasId, snapshot),
      },
      snapshot as Parameters<Services['canvases']['insert']>[2],
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

  /** The canvas's thumbnail (template.builtin-cover.ts), a file of the canvas like a user's minimap. */
  private async storeCover(canvasId: string, snapshot: CanvasSnapshotInput): Promise<string> {
    const png = builtinCover(snapshot);
    const storageKey = `${newId('file')}.png`;
    await this.ctx.storage.put(storageKey, png, { contentType: 'image/png' });
    await this.ctx.db.insert(files).values({
      storageKey,
      uid: SYSTEM_TEMPLATE_UID,
      entityType: 'canvas',
      entityId: canvasId,
      contentType: 'image/png',
      size: png.length,
      originalName: 'cover.png',
    });
    return storageKey;
  }

  private async retireCanvas(canvasId: string): Promise<void> {
    const row = await this.services.canvases.load(SYSTEM_TEMPLATE_UID, canvasId, 'delete').catch(() => null);
    if (!row) return;
    const entityOf = (type: string) =>
      (row.snapshot?.nodes ?? [])
        .filter((node) => node.type === type && node.data.entityId)
        .map((node) => node.data.entityId);
    // its thumbnail goes with it (a file of the canvas)
    await finishRemoval(this.ctx, await this.services.canvases.delete(SYSTEM_TEMPLATE_UID, canvasId));
    for (const docId of entityOf('document'))
      await this.services.documents.delete(SYSTEM_TEMPLATE_UID, docId).catch(() => undefined);
    for (const artifactId of entityOf('codeArtifact'))
      await this.ctx.db
        .delete(codeArtifacts)
        .where(and(eq(codeArtifacts.artifactId, artifactId), eq(codeArtifacts.uid, SYSTEM_TEMPLATE_UID)));
  }
}
