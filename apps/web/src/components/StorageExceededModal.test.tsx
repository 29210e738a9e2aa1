import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../i18n/i18n';
import { StorageExceededModal } from './StorageExceededModal';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('storage-exceeded modal', () => {
  it('says how many files still fit and offers an upgrade when one is possible', () => {
    const onUpgrade = vi.fn();
    render(
      <StorageExceededModal
        open
        onClose={() => undefined}
        remainingFiles={3}
        fileCountUsed={97}
        fileCountQuota={100}
        onUpgrade={onUpgrade}
      />,
    );
    expect(screen.getByText('Insufficient storage: only 3 files can be saved.')).toBeTruthy();
    expect(screen.getByText('97 of 100 files used')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
  });

  it('has no dead upgrade button when subscriptions are off', () => {
    render(<StorageExceededModal open onClose={() => undefined} />);
    expect(screen.getByText('Your library is full, so this file cannot be saved.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });
});
