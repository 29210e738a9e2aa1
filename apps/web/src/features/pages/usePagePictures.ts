/**
 * The page editor draws the picture of every diagram on its slides (Mermaid, SVG, mind map) that
 * has none since its code changed, and stores it as the artifact's preview image: the PowerPoint
 * and PDF exports and the published page show that picture, never the code (the server cannot
 * run Mermaid). One at a time, once per artifact and version of its code.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CodeArtifact, PageNodeRelation } from '@atelier/contract';
import { apiKey } from '../../api/apiQuery';
import { api } from '../../api/client';
import { formDataOf } from '../../api/formData';
import { parseMindMap } from '../artifact/mindMap';
import { mindMapSvg } from '../artifact/mindMapPicture';
import { mermaidSvg, sanitizeSvg, svgToPng } from '../artifact/render';

const DIAGRAMS = new Set(['mermaid', 'svg', 'mindmap']);
const done = new Set<string>();

/** The diagram's SVG markup in the light theme (exports are printed on white), '' when none. */
export async function diagramSvg(artifact: Pick<CodeArtifact, 'type' | 'content'>): Promise<string> {
  const content = artifact.content ?? '';
  if (artifact.type === 'mermaid') return mermaidSvg(content, false);
  if (artifact.type === 'svg') return sanitizeSvg(content);
  const root = artifact.type === 'mindmap' ? parseMindMap(content) : null;
  return root ? mindMapSvg(root) : '';
}

async function storePicture(artifactId: string, queryClient: ReturnType<typeof useQueryClient>) {
  const key = apiKey('codeArtifact.detail', { query: { artifactId } });
  const artifact = await queryClient.fetchQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call('codeArtifact.detail', { query: { artifactId } }, { signal }),
  });
  if (!DIAGRAMS.has(artifact.type) || artifact.previewUrl) return;
  const version = `${artifactId}:${artifact.updatedAt}`;
  if (done.has(version)) return;
  done.add(version);
  const svg = await diagramSvg(artifact);
  if (!svg) return;
  const png = await svgToPng(svg, '#ffffff');
  const file = new File([png], `${artifactId}.png`, { type: 'image/png' });
  const { storageKey } = await api.call('misc.upload', {
    body: formDataOf({ entityType: 'codeArtifact', entityId: artifactId, visibility: 'private', file }),
  });
  const saved = await api.call('codeArtifact.update', {
    body: { artifactId, previewStorageKey: storageKey },
  });
  queryClient.setQueryData(key, { ...artifact, ...saved, content: artifact.content });
}

export function usePagePictures(relations: readonly PageNodeRelation[]): void {
  const queryClient = useQueryClient();
  const ids = relations
    .filter((r) => r.nodeType === 'codeArtifact' && r.entityId)
    .map((r) => r.entityId)
    .join(' ');
  useEffect(() => {
    let live = true;
    void (async () => {
      for (const artifactId of new Set(ids.split(' ').filter(Boolean))) {
        if (!live) return;
        // a diagram that does not draw (a syntax error) keeps its slide's message; the next edit retries
        await storePicture(artifactId, queryClient).catch(() => undefined);
      }
    })();
    return () => {
      live = false;
    };
  }, [ids, queryClient]);
}
