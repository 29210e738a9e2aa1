/** Code artifact routes (spec section 7 "Code artifacts", plus list and delete calls of ours). */
import { z } from 'zod';
import { EmptySchema } from '../entities/common.js';
import { defineRoute } from '../route.js';
import {
  ArtifactIdQuerySchema,
  CodeArtifactSchema,
  CreateCodeArtifactSchema,
  ListCodeArtifactsQuerySchema,
  UpdateCodeArtifactSchema,
} from '../entities/code-artifact.js';

const tag = 'codeArtifact';

export const codeArtifactRoutes = {
  'codeArtifact.new': defineRoute({
    id: 'codeArtifact.new',
    method: 'POST',
    path: '/codeArtifact/new',
    summary: 'Create a code artifact (react, svg, mermaid, markdown, code, html or mindmap)',
    tag,
    auth: 'user',
    body: CreateCodeArtifactSchema,
    response: CodeArtifactSchema,
    errors: ['E0003', 'E1012', 'E1013', 'E2004'],
  }),
  'codeArtifact.update': defineRoute({
    id: 'codeArtifact.update',
    method: 'POST',
    path: '/codeArtifact/update',
    summary: 'Update a code artifact; with createIfNotExists, create it under the given id',
    tag,
    auth: 'user',
    body: UpdateCodeArtifactSchema,
    response: CodeArtifactSchema,
    errors: ['E0003', 'E1012', 'E1013', 'E2004'],
  }),
  'codeArtifact.detail': defineRoute({
    id: 'codeArtifact.detail',
    method: 'GET',
    path: '/codeArtifact/detail',
    summary: 'One code artifact with its content',
    tag,
    auth: 'user',
    query: ArtifactIdQuerySchema,
    response: CodeArtifactSchema,
    errors: ['E0003', 'E1013'],
  }),
  'codeArtifact.list': defineRoute({
    id: 'codeArtifact.list',
    method: 'GET',
    path: '/codeArtifact/list',
    summary: "The caller's code artifacts (without content)",
    tag,
    auth: 'user',
    query: ListCodeArtifactsQuerySchema,
    response: z.array(CodeArtifactSchema),
    errors: ['E0003'],
    extension: true,
  }),
  'codeArtifact.delete': defineRoute({
    id: 'codeArtifact.delete',
    method: 'POST',
    path: '/codeArtifact/delete',
    summary: 'Delete a code artifact with its labels, files and share links',
    tag,
    auth: 'user',
    body: ArtifactIdQuerySchema,
    response: EmptySchema,
    errors: ['E0003', 'E1013'],
    extension: true,
  }),
} as const;
