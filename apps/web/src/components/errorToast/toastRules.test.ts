import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, SILENT_ERROR_CODE } from '@atelier/contract';
import { ApiError } from '@atelier/contract/client';
import { describeErrorToast, isQuotaError, isScriptLoadError } from './toastRules';

describe('error toast rules (spec section 8)', () => {
  it('shows the localised catalogue message for a known code, for 5 seconds, without the stack', () => {
    const error = new ApiError('E0006', undefined, { traceId: 'tr-1', serverStack: 'at login()' });
    expect(describeErrorToast(error, 'en')).toMatchObject({
      message: ERROR_CATALOGUE.E0006.en,
      traceId: 'tr-1',
      duration: 5,
      stack: undefined,
    });
    expect(describeErrorToast(error, 'zh-CN')?.message).toBe(ERROR_CATALOGUE.E0006['zh-CN']);
  });

  it('keeps an unknown code until dismissed and shows its stack', () => {
    const spec = describeErrorToast(
      { errCode: 'E9999', traceId: 'tr-2', serverStack: 'Error: boom\n at x' },
      'en',
    );
    expect(spec).toMatchObject({
      message: ERROR_CATALOGUE.E0000.en,
      stack: 'Error: boom\n at x',
      duration: false,
    });
  });

  it('treats a missing code like an unknown one, using the client stack', () => {
    const error = new Error('network down');
    const spec = describeErrorToast(error, 'zh-CN');
    expect(spec?.message).toBe(ERROR_CATALOGUE.E0000['zh-CN']);
    expect(spec?.duration).toBe(false);
    expect(spec?.stack).toContain('network down');
  });

  it('keeps the generic unknown-error code E0000 on screen too', () => {
    expect(describeErrorToast(new ApiError('E0000', undefined, { status: 500 }), 'en')?.duration).toBe(false);
  });

  it('never toasts the silent code', () => {
    expect(SILENT_ERROR_CODE).toBe('E0011');
    expect(describeErrorToast(new ApiError(SILENT_ERROR_CODE, undefined, { status: 401 }), 'en')).toBeNull();
  });

  it('swallows script-load errors', () => {
    const chunk = new TypeError('Failed to fetch dynamically imported module: https://x/assets/Home-1.js');
    expect(isScriptLoadError(chunk)).toBe(true);
    expect(describeErrorToast(chunk, 'en')).toBeNull();
    expect(
      describeErrorToast(
        Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
        'en',
      ),
    ).toBeNull();
    expect(describeErrorToast(new Error('Importing a module script failed.'), 'en')).toBeNull();
  });

  it('gives the same error the same key so it does not stack', () => {
    const a = describeErrorToast(new ApiError('E0006', undefined, { traceId: 't' }), 'en');
    const b = describeErrorToast(new ApiError('E0006', undefined, { traceId: 't' }), 'en');
    expect(a?.key).toBe(b?.key);
  });
});

describe('quota errors', () => {
  it('are E2001 and E2002 only (their toast is titled as a limit, not a fault)', () => {
    expect(isQuotaError({ code: 'E2001' })).toBe(true);
    expect(isQuotaError({ code: 'E2002' })).toBe(true);
    expect(isQuotaError({ code: 'E0003' })).toBe(false);
    expect(isQuotaError({})).toBe(false);
  });
});
