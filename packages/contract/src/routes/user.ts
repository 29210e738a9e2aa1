/** User settings routes (spec section 7 "User and subscription", user part). */
import { defineRoute } from '../route.js';
import {
  CheckSettingsFieldQuerySchema,
  CheckSettingsFieldResultSchema,
  UpdateUserSettingsSchema,
  UserSettingsSchema,
} from '../entities/user.js';

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
} as const;
