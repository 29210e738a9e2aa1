/** Canvas nodes translate through one shared language subscription and follow language changes. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { changeUiLocale, initI18n } from '../../../i18n/i18n';
import { localizedPreview } from '../../library/resourceUtils';
import { useNodeT } from './nodeText';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);
afterAll(async () => {
  await changeUiLocale('en');
});

function Label({ testId }: { testId: string }) {
  const t = useNodeT();
  return (
    <span data-testid={testId}>
      {t('canvas.node.openLink')} | {localizedPreview('Image, 640×480 pixels', t)} |{' '}
      {localizedPreview('plain', t)}
    </span>
  );
}

describe('useNodeT', () => {
  it('translates full keys and re-renders every node when the language changes', async () => {
    render(
      <>
        <Label testId="a" />
        <Label testId="b" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('Open link | Image, 640×480 pixels | plain');
    await act(async () => {
      await changeUiLocale('zh-CN');
    });
    for (const id of ['a', 'b'])
      expect(screen.getByTestId(id).textContent).toBe('打开链接 | 图片，640×480 像素 | plain');
    await act(async () => {
      await changeUiLocale('en');
    });
    expect(screen.getByTestId('b').textContent).toBe('Open link | Image, 640×480 pixels | plain');
  });
});
