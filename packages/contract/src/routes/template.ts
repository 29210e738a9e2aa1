/** Template routes (spec section 7 "Templates and shares", templates). */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import {
  CreateTemplateSchema,
  DeleteTemplateSchema,
  ListTemplatesQuerySchema,
  TemplateCategorySchema,
  TemplateSchema,
  UpdateTemplateSchema,
} from '../entities/template.js';

export const templateRoutes = {
  'template.create': defineRoute({
    id: 'template.create',
    method: 'POST',
    path: '/template/create',
    summary: 'Publish a canvas as a template (shares the canvas)',
    tag: 'template',
    auth: 'user',
    body: CreateTemplateSchema,
    response: TemplateSchema,
    errors: ['E0003', 'E1000', 'E1012'],
  }),
  'template.update': defineRoute({
    id: 'template.update',
    method: 'POST',
    path: '/template/update',
    summary: "Update a template's title, description, category or language",
    tag: 'template',
    auth: 'user',
    body: UpdateTemplateSchema,
    response: TemplateSchema,
    errors: ['E0003', 'E1009'],
  }),
  'template.delete': defineRoute({
    id: 'template.delete',
    method: 'POST',
    path: '/template/delete',
    summary: 'Unpublish one of your templates (revokes its share; the canvas stays)',
    tag: 'template',
    auth: 'user',
    body: DeleteTemplateSchema,
    response: z.object({}),
    errors: ['E0003', 'E1009'],
    extension: true,
  }),
  'template.list': defineRoute({
    id: 'template.list',
    method: 'GET',
    path: '/template/list',
    summary: "Templates: all published ones, or the caller's own (`scope=mine`, needs a session)",
    tag: 'template',
    auth: 'optional',
    query: ListTemplatesQuerySchema,
    response: z.array(TemplateSchema),
    errors: ['E0003'],
  }),
  'template.category.list': defineRoute({
    id: 'template.category.list',
    method: 'GET',
    path: '/template/category/list',
    summary: 'Template categories',
    tag: 'template',
    auth: 'optional',
    response: z.array(TemplateCategorySchema),
    errors: [],
  }),
} as const;
