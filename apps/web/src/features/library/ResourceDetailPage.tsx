/** /library/resources/:resourceId: the resource detail as a page. */
import { Link, useParams } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ResourcePanel } from './ResourcePanel';
import { useTranslation } from 'react-i18next';
import './library.css';

export function ResourceDetailPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const { resourceId = '' } = useParams();
  return (
    <div className="library library--detail" data-testid="resource-detail-page">
      <Link to="/library" className="library__back" data-testid="resource-back">
        <ArrowLeftOutlined /> {t('detail.back')}
      </Link>
      <ResourcePanel key={resourceId} resourceId={resourceId} variant="page" />
    </div>
  );
}
