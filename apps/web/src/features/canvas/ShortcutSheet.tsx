/**
 * The shortcut sheet ("?" or the toolbar's help button): every canvas shortcut, grouped, written
 * with this platform's modifier keys (⌘ on a Mac, Ctrl elsewhere).
 */
import { Fragment, useMemo } from 'react';
import { Modal, Typography } from 'antd';
import { canvasShortcuts, isMacPlatform, shortcutKeyLabels } from './shortcutLabels';
import { useCanvasT } from './useCanvasT';

export interface ShortcutSheetProps {
  open: boolean;
  onClose: () => void;
}

export function ShortcutSheet({ open, onClose }: ShortcutSheetProps) {
  const ct = useCanvasT();
  const mac = isMacPlatform(typeof navigator === 'undefined' ? undefined : navigator);
  const sections = useMemo(() => canvasShortcuts(mac), [mac]);
  const words = {
    click: ct('shortcuts.words.click'),
    drag: ct('shortcuts.words.drag'),
    middleDrag: ct('shortcuts.words.middleDrag'),
  };
  return (
    <Modal
      open={open}
      title={ct('shortcuts.title')}
      footer={null}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <div className="canvas-shortcuts" data-testid="canvas-shortcut-sheet">
        {sections.map(({ section, entries }) => (
          <section key={section} className="canvas-shortcuts__section">
            <Typography.Title level={5} className="canvas-shortcuts__heading">
              {ct(`shortcuts.sections.${section}`)}
            </Typography.Title>
            <dl className="canvas-shortcuts__list">
              {entries.map(({ action, combos }) => (
                <div key={action} className="canvas-shortcuts__row" data-shortcut={action}>
                  <dt>{ct(`shortcuts.actions.${action}`)}</dt>
                  <dd className="canvas-shortcuts__keys">
                    {combos.map((combo, i) => (
                      <Fragment key={combo.join('+')}>
                        {i > 0 ? <span className="canvas-shortcuts__or">{ct('shortcuts.or')}</span> : null}
                        <span className="canvas-shortcuts__combo">
                          {shortcutKeyLabels(combo, mac, words).map((label) => (
                            <Typography.Text keyboard key={label}>
                              {label}
                            </Typography.Text>
                          ))}
                        </span>
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
