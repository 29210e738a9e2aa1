/**
 * Live username check: the format from the contract's UsernameSchema first, then (debounced)
 * GET /user/checkSettingsField, which says whether another user already holds the name.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { platform } from '../../platform/platform';
import { usernameProblem, type UsernameProblem } from '../auth/validation';

export type UsernameStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'invalid'; problem: UsernameProblem | 'usernameTaken' }
  | { state: 'error' };

export const USERNAME_CHECK_DEBOUNCE_MS = 400;

export function useUsernameCheck(value: string, current: string | null): UsernameStatus {
  const [status, setStatus] = useState<UsernameStatus>({ state: 'idle' });
  useEffect(() => {
    if (value === (current ?? '')) {
      setStatus({ state: 'idle' });
      return;
    }
    const problem = usernameProblem(value);
    if (problem) {
      setStatus({ state: 'invalid', problem });
      return;
    }
    setStatus({ state: 'checking' });
    const controller = new AbortController();
    const cancel = platform.setTimeout(() => {
      api
        .call('user.checkSettingsField', { query: { field: 'name', value } }, { signal: controller.signal })
        .then((r) =>
          setStatus(r.available ? { state: 'available' } : { state: 'invalid', problem: 'usernameTaken' }),
        )
        .catch(() => {
          if (!controller.signal.aborted) setStatus({ state: 'error' });
        });
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      cancel();
      controller.abort();
    };
  }, [value, current]);
  return status;
}
