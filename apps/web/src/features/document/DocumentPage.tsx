/** A document on its own page (/documents/:docId): the same editor as the canvas preview panel. */
import { useNavigate, useParams } from 'react-router';
import { DocumentPanel } from './DocumentPanel';

export function DocumentPage() {
  const { docId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="doc-page">
      <DocumentPanel key={docId} docId={docId} title="" readOnly={false} onClose={() => void navigate(-1)} />
    </div>
  );
}
