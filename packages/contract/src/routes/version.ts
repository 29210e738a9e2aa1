/** Version history of canvases and documents (issue 34 "History you can trust"). Ours, beyond spec section 7. */
import { defineRoute } from '../route.js';
import {
  CreateVersionSchema,
  RestoreVersionSchema,
  VersionDetailQuerySchema,
  VersionDetailSchema,
  VersionHistoryQuerySchema,
  VersionHistorySchema,
  VersionRestoreResultSchema,
  VersionSchema,
} from '../entities/version.js';

const tag = 'version';

export const versionRoutes = {
  'version.history': defineRoute({
    id: 'version.history',
    method: 'GET',
    path: '/version/history',
    summary: 'The versions of a canvas or document, newest first, with the storage they take',
    tag,
    auth: 'user',
    query: VersionHistoryQuerySchema,
    response: VersionHistorySchema,
    errors: ['E0003', 'E1000', 'E1003'],
    extension: true,
  }),
  'version.create': defineRoute({
    id: 'version.create',
    method: 'POST',
    path: '/version/create',
    summary: 'Save the current state of a canvas or document as a named version',
    tag,
    auth: 'user',
    body: CreateVersionSchema,
    response: VersionSchema,
    errors: ['E0003', 'E1000', 'E1003'],
    extension: true,
  }),
  'version.detail': defineRoute({
    id: 'version.detail',
    method: 'GET',
    path: '/version/detail',
    summary:
      "One version with what it holds: a canvas's nodes and edges, or a document's Markdown and its diff against the current text",
    tag,
    auth: 'user',
    query: VersionDetailQuerySchema,
    response: VersionDetailSchema,
    errors: ['E0003', 'E1000', 'E1003', 'E1021'],
    extension: true,
  }),
  'version.restore': defineRoute({
    id: 'version.restore',
    method: 'POST',
    path: '/version/restore',
    summary:
      'Bring a version back: the current state is saved first, the old content is applied to the live canvas or document, and a new version records it',
    tag,
    auth: 'user',
    body: RestoreVersionSchema,
    response: VersionRestoreResultSchema,
    errors: ['E0003', 'E1000', 'E1003', 'E1021'],
    extension: true,
  }),
} as const;
