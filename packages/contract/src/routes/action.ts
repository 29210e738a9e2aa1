/** Action result routes: skill runs and their steps (spec section 7 "actions", plus abort). */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import {
  AbortActionSchema,
  ActionResultSchema,
  GetActionResultQuerySchema,
  ListActionResultsQuerySchema,
} from '../entities/action.js';

const tag = 'action';

export const actionRoutes = {
  'action.result': defineRoute({
    id: 'action.result',
    method: 'GET',
    path: '/action/result',
    summary: 'One run with its steps (latest version unless `version` is given)',
    tag,
    auth: 'user',
    query: GetActionResultQuerySchema,
    response: ActionResultSchema,
    errors: ['E0003', 'E1011'],
  }),
  'action.list': defineRoute({
    id: 'action.list',
    method: 'GET',
    path: '/action/list',
    summary: 'Runs (skill jobs), newest first, without steps',
    tag,
    auth: 'user',
    query: ListActionResultsQuerySchema,
    response: z.array(ActionResultSchema),
    errors: ['E0003'],
  }),
  'action.abort': defineRoute({
    id: 'action.abort',
    method: 'POST',
    path: '/action/abort',
    summary: 'Stop a run that is waiting or executing; what was streamed so far is kept',
    tag,
    auth: 'user',
    body: AbortActionSchema,
    response: ActionResultSchema,
    errors: ['E0003', 'E1011'],
    extension: true,
  }),
} as const;
