/** Features grid: canvas, threads, library, skills, models, collaboration, formats, self-hosting. */
import { useTranslation } from 'react-i18next';
import {
  ApiOutlined,
  AppstoreOutlined,
  BranchesOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  ExportOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { SectionHeading } from './SectionHeading';

const FEATURES = [
  { key: 'canvas', icon: <AppstoreOutlined /> },
  { key: 'threads', icon: <BranchesOutlined /> },
  { key: 'library', icon: <DatabaseOutlined /> },
  { key: 'skills', icon: <ThunderboltOutlined /> },
  { key: 'models', icon: <ApiOutlined /> },
  { key: 'collab', icon: <TeamOutlined /> },
  { key: 'formats', icon: <ExportOutlined /> },
  { key: 'selfHost', icon: <CloudServerOutlined /> },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section className="landing-section landing-section--soft" id="features">
      <SectionHeading
        eyebrow={t('landing.features.eyebrow')}
        title={t('landing.features.title')}
        lead={t('landing.features.lead')}
      />
      <div className="landing-features">
        {FEATURES.map((f) => (
          <article key={f.key} className="landing-card">
            <span className="landing-card__icon">{f.icon}</span>
            <h3>{t(`landing.features.${f.key}.title`)}</h3>
            <p>{t(`landing.features.${f.key}.body`)}</p>
          </article>
        ))}
      </div>
      <div className="landing-stats">
        {(['formats', 'models', 'skills'] as const).map((k) => (
          <div key={k} className="landing-stats__item">
            <strong>{t(`landing.stats.${k}.value`)}</strong>
            <span>{t(`landing.stats.${k}.label`)}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
