/** Workflow: collect, connect, ask, create and share. */
import { useTranslation } from 'react-i18next';
import { CloudUploadOutlined, MessageOutlined, ShareAltOutlined, ApartmentOutlined } from '@ant-design/icons';
import { SectionHeading } from './SectionHeading';

const STEPS = [
  { key: 'collect', icon: <CloudUploadOutlined /> },
  { key: 'connect', icon: <ApartmentOutlined /> },
  { key: 'ask', icon: <MessageOutlined /> },
  { key: 'create', icon: <ShareAltOutlined /> },
] as const;

export function WorkflowSection() {
  const { t } = useTranslation();
  return (
    <section className="landing-section" id="workflow">
      <SectionHeading
        eyebrow={t('landing.workflow.eyebrow')}
        title={t('landing.workflow.title')}
        lead={t('landing.workflow.lead')}
      />
      <ol className="landing-workflow">
        {STEPS.map((step, index) => (
          <li key={step.key} className="landing-workflow__step">
            <span className="landing-workflow__icon">{step.icon}</span>
            <span className="landing-workflow__num">{String(index + 1).padStart(2, '0')}</span>
            <h3>{t(`landing.workflow.${step.key}.title`)}</h3>
            <p>{t(`landing.workflow.${step.key}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
