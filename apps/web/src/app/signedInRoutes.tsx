/** Routes inside the signed-in layout. Later issues add canvas, library, skills… here. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { useAuthStore } from '../stores/authStore';

/** The home page, loaded only when it is drawn (in the signed-in layout's Suspense). */
const HomePageOnDemand = lazy(() =>
  import('../features/home/HomePage').then((m) => ({ default: m.HomePage })),
);

export const signedInRoutes: RouteObject[] = [
  {
    index: true,
    // The router loads the matched routes' `lazy` on the first load, whether drawn or not: at `/`
    // a signed-out visitor (landing page) would download the home page and what it imports. So
    // then the route gets a component that loads the page when the signed-in layout draws it.
    lazy: () =>
      useAuthStore.getState().status === 'anonymous'
        ? Promise.resolve({ Component: HomePageOnDemand })
        : import('../features/home/HomePage').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: 'canvas',
    lazy: () => import('../features/canvas/CanvasListPage').then((m) => ({ Component: m.CanvasListPage })),
  },
  {
    path: 'canvas/:canvasId',
    lazy: () => import('../features/canvas/CanvasPage').then((m) => ({ Component: m.CanvasPage })),
  },
  {
    path: 'templates',
    lazy: () => import('../features/templates/TemplatesPage').then((m) => ({ Component: m.TemplatesPage })),
  },
  {
    path: 'projects',
    lazy: () => import('../features/projects/ProjectsPage').then((m) => ({ Component: m.ProjectsPage })),
  },
  {
    path: 'projects/:projectId',
    lazy: () =>
      import('../features/projects/ProjectDetailPage').then((m) => ({ Component: m.ProjectDetailPage })),
  },
  {
    path: 'pages',
    lazy: () => import('../features/pages/PagesListPage').then((m) => ({ Component: m.PagesListPage })),
  },
  {
    path: 'pages/:pageId',
    lazy: () => import('../features/pages/PageEditorPage').then((m) => ({ Component: m.PageEditorPage })),
  },
  {
    path: 'labels',
    lazy: () => import('../features/labels/LabelsPage').then((m) => ({ Component: m.LabelsPage })),
  },
  {
    path: 'artifacts/:artifactId',
    lazy: () => import('../features/artifact/ArtifactPage').then((m) => ({ Component: m.ArtifactPage })),
  },
  {
    path: 'documents/:docId',
    lazy: () => import('../features/document/DocumentPage').then((m) => ({ Component: m.DocumentPage })),
  },
  {
    path: 'library/resources/:resourceId',
    lazy: () =>
      import('../features/library/ResourceDetailPage').then((m) => ({ Component: m.ResourceDetailPage })),
  },
  {
    path: 'library/:tab?',
    lazy: () => import('../features/library/LibraryPage').then((m) => ({ Component: m.LibraryPage })),
  },
  {
    path: 'skills/instance/:skillId',
    lazy: () => import('../features/skills/SkillDetailPage').then((m) => ({ Component: m.SkillDetailPage })),
  },
  {
    path: 'skills/:tab?',
    lazy: () => import('../features/skills/SkillsPage').then((m) => ({ Component: m.SkillsPage })),
  },
  {
    path: 'threads',
    lazy: () => import('../features/ai/threads/ThreadsPage').then((m) => ({ Component: m.ThreadsPage })),
  },
  {
    path: 'threads/:resultId',
    lazy: () =>
      import('../features/ai/threads/ThreadDetailPage').then((m) => ({ Component: m.ThreadDetailPage })),
  },
  {
    // where checkout and the billing portal return to (subscription.billing.ts returnUrl)
    path: 'settings/:tab?',
    lazy: () =>
      import('../features/subscription/SettingsRoute').then((m) => ({ Component: m.SettingsRoute })),
  },
  {
    path: '*',
    lazy: () => import('../features/system/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
  },
];
