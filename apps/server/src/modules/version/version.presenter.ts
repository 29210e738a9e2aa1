/** The wire shapes of versions (VersionSchema, VersionHistorySchema, VersionDetailSchema). */
import type { Version, VersionContent, VersionHistory } from '@atelier/contract';
import type { Config } from '../../config.js';
import { parseCollabName } from '../../collab/collab.names.js';
import { presentCanvasData } from '../canvas/canvas.presenter.js';
import { fileUrl } from '../upload/upload.service.js';
import type { VersionListRow } from './version.repository.js';
import type { VersionContentRows, VersionHistoryRows } from './version.service.js';

export function presentVersion(row: VersionListRow, fileBaseUrl: string): Version {
  const target = parseCollabName(row.docName);
  return {
    versionId: row.versionId,
    target: {
      entityType: target?.kind === 'doc' ? 'document' : 'canvas',
      entityId: target?.id ?? '',
    },
    kind: row.kind,
    name: row.name,
    author: row.author
      ? {
          uid: row.author.uid,
          name: row.author.name,
          nickname: row.author.nickname,
          avatar: row.author.avatarStorageKey ? fileUrl(fileBaseUrl, row.author.avatarStorageKey) : null,
        }
      : null,
    summary: row.summary,
    size: row.storedBytes,
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentHistory(history: VersionHistoryRows, config: Config): VersionHistory {
  return {
    versions: history.rows.map((row) => presentVersion(row, config.fileBaseUrl)),
    storageBytes: history.storageBytes,
    retentionDays: config.VERSION_RETENTION_DAYS,
    intervalMinutes: config.VERSION_INTERVAL_MINUTES,
  };
}

export function presentContent(content: VersionContentRows, fileBaseUrl: string): VersionContent {
  if (content.kind === 'document') return content;
  return { kind: 'canvas', canvas: presentCanvasData(content, fileBaseUrl) };
}
