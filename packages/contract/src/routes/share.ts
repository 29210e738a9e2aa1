/** Share routes (spec section 7 "Templates and shares", shares, plus the public share view). */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { EmptySchema } from '../entities/common.js';
import {
  CreateShareSchema,
  DeleteShareSchema,
  DuplicateShareResultSchema,
  DuplicateShareSchema,
  ListSharesQuerySchema,
  ShareIdQuerySchema,
  ShareRecordSchema,
  SharedContentSchema,
} from '../entities/share.js';

export const shareRoutes = {
  'share.new': defineRoute({
    id: 'share.new',
    method: 'POST',
    path: '/share/new',
    summary: 'Make a view-only link to a canvas, page, document, skill response or code artifact',
    tag: 'share',
    auth: 'user',
    body: CreateShareSchema,
    response: ShareRecordSchema,
    errors: ['E0003', 'E1000', 'E1003', 'E1010', 'E1011', 'E1012', 'E1013', 'E2004'],
  }),
  'share.delete': defineRoute({
    id: 'share.delete',
    method: 'POST',
    path: '/share/delete',
    summary: 'Turn a share link off',
    tag: 'share',
    auth: 'user',
    body: DeleteShareSchema,
    response: EmptySchema,
    errors: ['E0003', 'E1009'],
  }),
  'share.duplicate': defineRoute({
    id: 'share.duplicate',
    method: 'POST',
    path: '/share/duplicate',
    summary: "Copy shared content (or a template) into the caller's workspace, when duplication is allowed",
    tag: 'share',
    auth: 'user',
    body: DuplicateShareSchema,
    response: DuplicateShareResultSchema,
    errors: ['E0003', 'E1009', 'E1014', 'E2001'],
  }),
  'share.list': defineRoute({
    id: 'share.list',
    method: 'GET',
    path: '/share/list',
    summary: "The caller's shares, e.g. to learn whether an entity is shared",
    tag: 'share',
    auth: 'user',
    query: ListSharesQuerySchema,
    response: z.array(ShareRecordSchema),
    errors: ['E0003'],
  }),
  'share.detail': defineRoute({
    id: 'share.detail',
    method: 'GET',
    path: '/share/detail',
    summary: 'What a link holder sees: the share and its published content (no session needed)',
    tag: 'share',
    auth: 'none',
    query: ShareIdQuerySchema,
    response: SharedContentSchema,
    errors: ['E0003', 'E1009'],
    extension: true,
  }),
} as const;
