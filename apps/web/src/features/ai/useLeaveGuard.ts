/**
 * Leaving the canvas while AI is writing asks first (spec section 2): a route change is held by
 * react-router's blocker and confirmed in a dialog; closing or reloading the tab gets the
 * browser's own prompt. Once the canvas is left, this tab stops listening to its runs (the
 * server finishes and records them).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { detachAllRuns } from './runSkill';
import { useIsAnyRunLive } from './skillStore';
import { useTranslation } from 'react-i18next';

export function useLeaveGuard(): void {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  const { modal } = App.useApp();
  const live = useIsAnyRunLive();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => live && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: t('leave.title'),
      content: t('leave.content'),
      okText: t('leave.ok'),
      cancelText: t('leave.cancel'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'ai-leave-confirm' } },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!live) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only with a returnValue
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [live]);

  useEffect(() => () => detachAllRuns(), []);
}
