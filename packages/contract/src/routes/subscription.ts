/** Subscription routes: checkout, billing portal, plans, usage, models (spec section 7). */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { ModelInfoSchema } from '../entities/provider.js';
import {
  CreateCheckoutSessionSchema,
  PlanSchema,
  SessionUrlSchema,
  UsageSchema,
} from '../entities/subscription.js';

const tag = 'subscription';

export const subscriptionRoutes = {
  'subscription.createCheckoutSession': defineRoute({
    id: 'subscription.createCheckoutSession',
    method: 'POST',
    path: '/subscription/createCheckoutSession',
    summary: 'Start a hosted checkout for a plan; answers the page to send the browser to',
    tag,
    auth: 'user',
    body: CreateCheckoutSessionSchema,
    response: SessionUrlSchema,
    errors: ['E0003'],
  }),
  'subscription.createPortalSession': defineRoute({
    id: 'subscription.createPortalSession',
    method: 'POST',
    path: '/subscription/createPortalSession',
    summary: 'Open the hosted billing portal (manage billing, cancel)',
    tag,
    auth: 'user',
    response: SessionUrlSchema,
    errors: ['E0003'],
  }),
  'subscription.plans': defineRoute({
    id: 'subscription.plans',
    method: 'GET',
    path: '/subscription/plans',
    summary: 'Plans with their quotas (and prices when billing is on)',
    tag,
    auth: 'none',
    response: z.array(PlanSchema),
    errors: [],
  }),
  'subscription.usage': defineRoute({
    id: 'subscription.usage',
    method: 'GET',
    path: '/subscription/usage',
    summary: "The caller's token, storage and file-parsing meters",
    tag,
    auth: 'user',
    response: UsageSchema,
    errors: [],
  }),
  'subscription.modelList': defineRoute({
    id: 'subscription.modelList',
    method: 'GET',
    path: '/subscription/modelList',
    summary: 'Chat models the caller may use, with their tiers',
    tag,
    auth: 'user',
    response: z.array(ModelInfoSchema),
    errors: [],
  }),
} as const;
