/** User settings routes (spec section 7 "User and subscription", user part). */
import { defineRoute } from '../route.js';
import {
  CheckSettingsFieldQuerySchema,
  CheckSettingsFieldResultSchema,
  UpdateUserSettingsSchema,
  UserSettingsSchema,
} from '../entities/user.js';
import {
  ApiTokenSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  RevokeApiTokenSchema,
} from '../entities/api-token.js';
import { z } from 'zod';

const tag = 'user';

export const userRoutes = {
  'user.settings.get': defineRoute({
    id: 'user.settings.get',
    method: 'GET',
    path: '/user/settings',
    summary: "The signed-in user's settings",
    tag,
    auth: 'user',
    response: UserSettingsSchema,
    errors: ['E0011'],
  }),
  'user.settings.update': defineRoute({
    id: 'user.settings.update',
    method: 'PUT',
    path: '/user/settings',
    summary: "Update the signed-in user's settings (partial)",
    tag,
    auth: 'user',
    body: UpdateUserSettingsSchema,
    response: UserSettingsSchema,
    errors: ['E0003', 'E0011', 'E1012'],
  }),
  'user.checkSettingsField': defineRoute({
    id: 'user.checkSettingsField',
    method: 'GET',
    path: '/user/checkSettingsField',
    summary: 'Whether a username or email is free to take',
    tag,
    auth: 'user',
    query: CheckSettingsFieldQuerySchema,
    response: CheckSettingsFieldResultSchema,
    errors: ['E0003'],
  }),
  'user.apiToken.list': defineRoute({
    id: 'user.apiToken.list',
    method: 'GET',
    path: '/user/apiToken/list',
    summary: "The signed-in user's personal API tokens (never the tokens themselves)",
    tag,
    auth: 'user',
    response: z.array(ApiTokenSchema),
    errors: ['E0011', 'E0016'],
    extension: true,
  }),
  'user.apiToken.create': defineRoute({
    id: 'user.apiToken.create',
    method: 'POST',
    path: '/user/apiToken/create',
    summary: 'Create a personal API token; the answer is the only time the token is shown',
    tag,
    auth: 'user',
    body: CreateApiTokenSchema,
    response: CreatedApiTokenSchema,
    errors: ['E0003', 'E0011', 'E0016'],
    extension: true,
  }),
  'user.apiToken.revoke': defineRoute({
    id: 'user.apiToken.revoke',
    method: 'POST',
    path: '/user/apiToken/revoke',
    summary: 'Revoke a personal API token; it stops working at once',
    tag,
    auth: 'user',
    body: RevokeApiTokenSchema,
    response: z.object({ tokenId: z.string() }),
    errors: ['E0003', 'E0011', 'E0016', 'E0017'],
    extension: true,
  }),
} as const;
