/**
 * Feature highlights (7 steps). Closing early records `skipped`, reaching the end records
 * `completed`; the last step can hand over to the interactive tour.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal } from 'antd';
import { LIMITS } from '@atelier/contract';
import { useUiStore } from '../../stores/uiStore';
import { HIGHLIGHT_STEPS } from './highlightSteps';
import { useOnboarding } from './useOnboarding';
import './onboarding.css';

export function FeatureHighlightsModal() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.highlightsOpen);
  const { setHighlightsOpen, setTourOpen } = useUiStore.getState();
  const onboarding = useOnboarding();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const total = Math.min(HIGHLIGHT_STEPS.length, LIMITS.featureHighlightSteps);
  const step = HIGHLIGHT_STEPS[index] ?? HIGHLIGHT_STEPS[0];
  const last = index === total - 1;

  const finish = (status: 'skipped' | 'completed', thenTour = false) => {
    onboarding.set('featureHighlights', status);
    setHighlightsOpen(false);
    if (thenTour) setTourOpen(true);
  };

  if (!step) return null;
  return (
    <Modal
      open={open}
      onCancel={() => finish(last ? 'completed' : 'skipped')}
      afterOpenChange={(isOpen) => {
        if (!isOpen) setIndex(0);
      }}
      footer={null}
      width={560}
      centered
      data-testid="feature-highlights"
    >
      <div className="highlight">
        <div className={`highlight__art highlight__art--${step.key}`}>{step.icon}</div>
        <div className="highlight__count">{t('onboarding.stepOf', { current: index + 1, total })}</div>
        <h2 className="highlight__title">{t(`onboarding.highlights.${step.key}.title`)}</h2>
        <p className="highlight__body">{t(`onboarding.highlights.${step.key}.body`)}</p>
        {step.key === 'share' ? (
          <Button
            type="link"
            className="highlight__link"
            data-testid="highlights-templates"
            onClick={() => {
              finish('completed');
              void navigate('/templates');
            }}
          >
            {t('onboarding.highlights.share.templates')}
          </Button>
        ) : null}
        <div className="highlight__dots" aria-hidden="true">
          {HIGHLIGHT_STEPS.slice(0, total).map((s, i) => (
            <span key={s.key} className={i === index ? 'is-active' : undefined} />
          ))}
        </div>
        <div className="highlight__actions">
          {last ? (
            <span />
          ) : (
            <Button type="text" onClick={() => finish('skipped')} data-testid="highlights-skip">
              {t('onboarding.skip')}
            </Button>
          )}
          <div className="highlight__nav">
            {index > 0 ? <Button onClick={() => setIndex(index - 1)}>{t('onboarding.back')}</Button> : null}
            {last ? (
              <>
                <Button onClick={() => finish('completed')} data-testid="highlights-done">
                  {t('onboarding.done')}
                </Button>
                <Button type="primary" onClick={() => finish('completed', true)}>
                  {t('onboarding.startTour')}
                </Button>
              </>
            ) : (
              <Button type="primary" onClick={() => setIndex(index + 1)} data-testid="highlights-next">
                {t('onboarding.next')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}
