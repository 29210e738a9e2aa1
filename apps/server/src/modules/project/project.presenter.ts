/** The wire shapes of projects (ProjectSchema, ProjectDetailSchema): the cover key becomes a URL. */
import type { Project, ProjectDetail, ProjectItemSummary } from '@atelier/contract';
import { fileUrl } from '../upload/upload.service.js';
import type { ProjectItemRow } from './project.items.js';
import type { ProjectDetailRows, ProjectRow } from './project.service.js';

export function presentProject(row: ProjectRow, publicUrl: string): Project {
  return {
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    coverUrl: row.coverStorageKey ? fileUrl(publicUrl, row.coverStorageKey) : null,
    customInstructions: row.customInstructions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentItem(item: ProjectItemRow): ProjectItemSummary {
  return {
    entityType: item.entityType,
    entityId: item.entityId,
    title: item.title,
    updatedAt: item.updatedAt.toISOString(),
  };
}

export function presentProjectDetail(detail: ProjectDetailRows, publicUrl: string): ProjectDetail {
  return {
    ...presentProject(detail.project, publicUrl),
    canvases: detail.canvases.map(presentItem),
    files: detail.files.map(presentItem),
  };
}
