/**
 * The storage-exceeded dialog (spec: E2001 on an upload or a new resource), shared by the import
 * dialog and drops onto the canvas: `show(error)` opens it with the "only N files" count when
 * the error names one; render `dialog` once.
 */
import { useEffect, useState } from 'react';
import { StorageExceededModal } from '../../components/StorageExceededModal';
import { useUiStore } from '../../stores/uiStore';
import { useSystemConfig } from '../system/MaintenanceNotice';
import { remainingFilesOf } from './libraryQueries';

/** Whether the settings dialog has a subscription tab to upgrade in (loaded only when needed). */
function useUpgradeTab(wanted: boolean): boolean {
  const [found, setFound] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void import('../settings/settingsTabs').then(
      (m) => live && setFound(m.SETTINGS_TABS.some((tab) => (tab.key as string) === 'subscription')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return found;
}

/** `leave`: runs when the person follows Upgrade (the import dialog closes, Settings opens alone). */
export function useQuotaDialog({ leave }: { leave?: () => void } = {}) {
  const [remaining, setRemaining] = useState<number | null>(null);
  const config = useSystemConfig();
  const openSettings = useUiStore((s) => s.openSettings);
  // the upgrade button only when there is somewhere to upgrade (spec: storage-exceeded modal)
  const canUpgrade = useUpgradeTab(remaining !== null && config.data?.features.subscription === true);
  const dialog = (
    <StorageExceededModal
      open={remaining !== null}
      onClose={() => setRemaining(null)}
      {...(remaining !== null && remaining > 0 ? { remainingFiles: remaining } : {})}
      {...(canUpgrade
        ? {
            onUpgrade: () => {
              setRemaining(null);
              leave?.();
              openSettings('subscription');
            },
          }
        : {})}
    />
  );
  return { dialog, show: (error: unknown) => setRemaining(remainingFilesOf(error) ?? 0) };
}
