/**
 * The interactive tour over the signed-in home: each step points at a live element
 * (`data-tour` attributes). Finishing records `completed`, closing early `skipped`.
 */
import { useTranslation } from 'react-i18next';
import { Tour, type TourStepProps } from 'antd';
import { useUiStore } from '../../stores/uiStore';
import { useOnboarding } from './useOnboarding';

const TARGETS = ['nav', 'search', 'suggestions', 'actions', 'settings', 'help'] as const;

const targetOf = (name: string) => () =>
  document.querySelector<HTMLElement>(`[data-tour="${name}"]`) ?? document.body;

export function AppTour() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.tourOpen);
  const setTourOpen = useUiStore((s) => s.setTourOpen);
  const onboarding = useOnboarding();
  const steps: TourStepProps[] = TARGETS.map((name) => ({
    title: t(`onboarding.tour.${name}.title`),
    description: t(`onboarding.tour.${name}.body`),
    target: targetOf(name),
  }));
  return (
    <Tour
      open={open}
      steps={steps}
      type="primary"
      onClose={(current) => {
        setTourOpen(false);
        onboarding.set('tour', current >= steps.length - 1 ? 'completed' : 'skipped');
      }}
      onFinish={() => {
        setTourOpen(false);
        onboarding.set('tour', 'completed');
      }}
      indicatorsRender={(current, total) => (
        <span className="tour-count">{t('onboarding.stepOf', { current: current + 1, total })}</span>
      )}
    />
  );
}
