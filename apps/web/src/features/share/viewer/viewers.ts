/**
 * Which component draws each kind of shared snapshot. Each is its own lazy chunk, so the viewer
 * loads React Flow only for a canvas and the artifact previews only for an artifact; a page is
 * the pages feature's slideshow.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SharedData } from '@atelier/contract';

export interface ShareViewerProps<K extends SharedData['kind'] = SharedData['kind']> {
  shareId: string;
  data: Extract<SharedData, { kind: K }>;
}

type ViewerMap = { [K in SharedData['kind']]: LazyExoticComponent<ComponentType<ShareViewerProps<K>>> };

const viewers: Readonly<ViewerMap> = {
  canvas: lazy(() => import('./CanvasViewer').then((m) => ({ default: m.CanvasViewer }))),
  document: lazy(() => import('./ContentViewers').then((m) => ({ default: m.DocumentViewer }))),
  skillResponse: lazy(() => import('./ContentViewers').then((m) => ({ default: m.AnswerViewer }))),
  resource: lazy(() => import('./ContentViewers').then((m) => ({ default: m.ResourceViewer }))),
  codeArtifact: lazy(() => import('./ArtifactViewer').then((m) => ({ default: m.ArtifactViewer }))),
  page: lazy(() => import('../../pages/SharedPageViewer').then((m) => ({ default: m.SharedPageViewer }))),
};

export function viewerFor<K extends SharedData['kind']>(kind: K): ViewerMap[K] {
  return viewers[kind];
}
