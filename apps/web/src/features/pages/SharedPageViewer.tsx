/**
 * The public viewer of a shared page (`/share/:shareId`): the slideshow, read-only. antd's App
 * (the export's progress toasts) comes with it: the lean viewer's root has none.
 */
import { useMemo } from 'react';
import { App } from 'antd';
import { CardContentContext, shareContent } from '../canvas/nodes/cardContent';
import type { ShareViewerProps } from '../share/viewer/viewers';
import { SharePageExportMenu } from './PageExportMenu';
import { Slideshow, slideFromNodeData } from './Slideshow';

export function SharedPageViewer({ shareId, data }: ShareViewerProps<'page'>) {
  const slides = useMemo(
    () =>
      data.slides.map((s) =>
        slideFromNodeData(s.nodeId, s.nodeType, s.nodeData as Record<string, unknown>, {
          title: s.title,
          entityId: s.entityId,
          childShareId: s.childShareId ?? null,
        }),
      ),
    [data.slides],
  );
  // slides read their entities from the page's child shares
  const useContent = useMemo(() => shareContent(shareId), [shareId]);
  return (
    <App component={false}>
      <CardContentContext.Provider value={useContent}>
        <div className="shared-page" data-testid="share-page">
          {data.coverUrl ? (
            <div className="shared-page__cover">
              <img src={data.coverUrl} alt="" data-testid="share-page-cover" />
            </div>
          ) : null}
          <Slideshow
            title={data.title}
            slides={slides}
            initialWide={data.pageConfig.layout === 'wide'}
            initialDirectory={data.pageConfig.showDirectory}
            actions={<SharePageExportMenu shareId={shareId} />}
          />
        </div>
      </CardContentContext.Provider>
    </App>
  );
}
