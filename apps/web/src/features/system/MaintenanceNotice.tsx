/**
 * Maintenance notice (spec section 2): a banner announcing the configured window (default
 * 21:00–23:00 Beijing time, off unless enabled), in the window's zone and the user's own.
 * Dismissed per window for the browser session.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/apiQuery';
import { platform } from '../../platform/platform';
import { MAINTENANCE_DISMISSED_KEY } from '../../platform/storageKeys';
import { clockTime, maintenanceWindowAt } from './maintenanceWindow';

export function useSystemConfig() {
  return useApiQuery('system.config', {}, { staleTime: 10 * 60_000, meta: { silent: true } });
}

// antd's Alert is only needed while a window is announced: keep it out of the start-up code
const MaintenanceBanner = lazy(() =>
  import('./MaintenanceBanner').then((m) => ({ default: m.MaintenanceBanner })),
);

export function MaintenanceNotice() {
  const { t, i18n } = useTranslation();
  const { data } = useSystemConfig();
  const [dismissed, setDismissed] = useState(() => platform.session.get(MAINTENANCE_DISMISSED_KEY));
  if (!data) return null;
  const slot = maintenanceWindowAt(data.maintenance, platform.now());
  if (!slot || dismissed === String(slot.startAt)) return null;
  const tz = data.maintenance.timezone;
  const zoneName = tz === 'Asia/Shanghai' ? t('maintenance.beijingTime') : tz;
  const values = {
    start: clockTime(slot.startAt, i18n.language, tz),
    end: clockTime(slot.endAt, i18n.language, tz),
    zone: zoneName,
    localStart: clockTime(slot.startAt, i18n.language),
    localEnd: clockTime(slot.endAt, i18n.language),
  };
  return (
    <Suspense fallback={null}>
      <MaintenanceBanner
        active={slot.active}
        text={slot.active ? t('maintenance.active', values) : t('maintenance.upcoming', values)}
        onClose={() => {
          platform.session.set(MAINTENANCE_DISMISSED_KEY, String(slot.startAt));
          setDismissed(String(slot.startAt));
        }}
      />
    </Suspense>
  );
}
