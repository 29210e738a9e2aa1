/** A code artifact on its own page (/artifacts/:artifactId): the same view as the canvas preview panel. */
import { useNavigate, useParams } from 'react-router';
import { CodeArtifactPanel } from './CodeArtifactPanel';

export function ArtifactPage() {
  const { artifactId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="artifact-page">
      <CodeArtifactPanel
        key={artifactId}
        artifactId={artifactId}
        readOnly={false}
        onClose={() => void navigate(-1)}
      />
    </div>
  );
}
