/**
 * The public viewer of a shared page (`/share/:shareId`): the slideshow, read-only. antd's App
 * (the export's progress toasts) comes with it: the lean viewer's root has none.
 */
import { App } from 'antd';
import type { ShareViewerProps } from '../share/viewer/viewers';
import { SharePageExportMenu } from './PageExportMenu';
import { Slideshow, slideFromNodeData } from './Slideshow';

export function SharedPageViewer({ shareId, data }: ShareViewerProps<'page'>) {
  const slides = data.slides.map((s) =>
    slideFromNodeData(s.nodeId, s.nodeType, s.nodeData as Record<string, unknown>, s.title),
  );
  return (
    <App component={false}>
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
    </App>
  );
}
