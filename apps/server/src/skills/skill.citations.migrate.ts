/**
 * The data migration of issue 32 §3: text stored before citations were structured data still
 * holds raw markers. At start (after listen, like the built-in templates) this finds and fixes:
 * - answer steps: `[[citation:N]]` taken out of the content and kept as anchors in the step's
 *   structured data (`citations`), so the badges stay where they were;
 * - the earlier turns a follow-up stored (`action_results.history`): markers removed;
 * - documents (an accepted editor suggestion wrote the marker as text): removed through the
 *   collaboration service, so open editors get the change and the derived Markdown follows.
 * Every step is idempotent (clean text matches nothing) and safe on two instances at once (both
 * write the same result). Share snapshots in storage are cleaned when read (share.snapshots.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import {
  anchorsOf,
  extractCitations,
  STORED_MARKER_WITH_SPACE_SOURCE,
  stripStoredMarkers,
  type ResultHistoryItem,
} from '@atelier/contract';
import { DOC_FRAGMENT } from '@atelier/editor';
import type { CollabService } from '../collab/collab.service.js';
import { documentDocName } from '../collab/collab.names.js';
import type { AppContext } from '../context.js';
import { actionResults, actionSteps, documents } from '../db/schema/index.js';

/** What Postgres matches: a stored marker, also Markdown-escaped (`\[\[citation:1\]\]`). */
const SQL_MARKER = String.raw`\\?\[\\?\[?citation:[0-9]{1,3}\\?\]`;
/** The same in text: a marker with the spaces before it. */
const TEXT_MARKER = new RegExp(STORED_MARKER_WITH_SPACE_SOURCE, 'g');

export interface CitationMigrationResult {
  steps: number;
  histories: number;
  documents: number;
}

/** Removes the markers of every text node below `node` (a Y.XmlFragment or Y.XmlElement). */
function cleanXml(node: Y.XmlFragment | Y.XmlElement): number {
  let changed = 0;
  for (const child of node.toArray()) {
    if (child instanceof Y.XmlText) {
      const text = child
        .toDelta()
        .map((d: { insert: unknown }) => (typeof d.insert === 'string' ? d.insert : '\ufffc'))
        .join('');
      const found = [...text.matchAll(TEXT_MARKER)];
      for (const m of found.reverse()) child.delete(m.index, m[0].length);
      changed += found.length;
    } else if (child instanceof Y.XmlElement) {
      changed += cleanXml(child);
    }
  }
  return changed;
}

export async function migrateCitationMarkers(
  ctx: Pick<AppContext, 'db' | 'log'>,
  collab: CollabService,
): Promise<CitationMigrationResult> {
  const { db } = ctx;
  const result: CitationMigrationResult = { steps: 0, histories: 0, documents: 0 };

  const steps = await db
    .select({
      resultId: actionSteps.resultId,
      version: actionSteps.version,
      stepIndex: actionSteps.stepIndex,
      content: actionSteps.content,
      structuredData: actionSteps.structuredData,
    })
    .from(actionSteps)
    .where(sql`${actionSteps.content} ~ ${SQL_MARKER}`);
  for (const step of steps) {
    const { text, citations } = extractCitations(step.content, 'stored');
    if (text === step.content) continue;
    const kept = anchorsOf(step.structuredData?.citations);
    await db
      .update(actionSteps)
      .set({
        content: text,
        structuredData: { ...(step.structuredData ?? {}), citations: [...kept, ...citations] },
      })
      .where(
        and(
          eq(actionSteps.resultId, step.resultId),
          eq(actionSteps.version, step.version),
          eq(actionSteps.stepIndex, step.stepIndex),
          // another instance may have cleaned it meanwhile
          eq(actionSteps.content, step.content),
        ),
      );
    result.steps++;
  }

  const histories = await db
    .select({
      resultId: actionResults.resultId,
      version: actionResults.version,
      history: actionResults.history,
    })
    .from(actionResults)
    .where(sql`${actionResults.history}::text ~ ${SQL_MARKER}`);
  for (const row of histories) {
    const history: ResultHistoryItem[] = (row.history ?? []).map((item) => ({
      ...item,
      ...(item.steps
        ? { steps: item.steps.map((s) => ({ ...s, content: stripStoredMarkers(s.content) })) }
        : {}),
    }));
    await db
      .update(actionResults)
      .set({ history })
      .where(and(eq(actionResults.resultId, row.resultId), eq(actionResults.version, row.version)));
    result.histories++;
  }

  const docs = await db
    .select({ docId: documents.docId })
    .from(documents)
    .where(sql`${documents.content} ~ ${SQL_MARKER}`);
  for (const { docId } of docs) {
    try {
      let removed = 0;
      await collab.write(documentDocName(docId), (doc) => {
        removed = cleanXml(doc.getXmlFragment(DOC_FRAGMENT));
      });
      if (removed) result.documents++;
    } catch (err) {
      ctx.log.warn({ err, docId }, 'could not remove citation markers from a document');
    }
  }
  if (result.steps || result.histories || result.documents)
    ctx.log.info(result, 'Citation markers moved out of stored text');
  return result;
}
