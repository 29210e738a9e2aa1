/**
 * The slideshow shared by the page editor's "Present" and the public page viewer: full screen
 * (Fullscreen API, or a fixed overlay where the browser has none), arrow keys, Space, PageUp/Down,
 * Home/End, a directory of slide titles, a wide mode and a slide counter.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tooltip, Typography } from 'antd';
import {
  CloseOutlined,
  ColumnWidthOutlined,
  FullscreenOutlined,
  LeftOutlined,
  RightOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { SlideContent, type Slide } from './SlideContent';
import './pages.css';

export { SlideContent, slideFromNodeData, type Slide } from './SlideContent';

export interface SlideshowProps {
  title: string;
  slides: Slide[];
  initialWide?: boolean;
  initialDirectory?: boolean;
  /** Shown as a close button; without it the slideshow is the whole screen (public viewer). */
  onClose?: () => void;
  /** Extra buttons in the bar, before the slideshow's own (the public viewer's Export menu). */
  actions?: ReactNode;
}

export function Slideshow({
  title,
  slides,
  initialWide = false,
  initialDirectory = true,
  onClose,
  actions,
}: SlideshowProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'pages' });
  const rootRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [wide, setWide] = useState(initialWide);
  const [directory, setDirectory] = useState(initialDirectory);
  const last = Math.max(0, slides.length - 1);
  const go = useCallback((i: number) => setIndex(Math.min(last, Math.max(0, i))), [last]);

  useEffect(() => {
    rootRef.current?.focus();
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"]')) return;
    const moves: Record<string, () => void> = {
      ArrowRight: () => go(index + 1),
      ArrowDown: () => go(index + 1),
      PageDown: () => go(index + 1),
      ' ': () => (e.shiftKey ? go(index - 1) : go(index + 1)),
      ArrowLeft: () => go(index - 1),
      ArrowUp: () => go(index - 1),
      PageUp: () => go(index - 1),
      Home: () => go(0),
      End: () => go(last),
      Escape: () => {
        if (!document.fullscreenElement) onClose?.();
      },
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  };

  const fullscreen = () => {
    const el = rootRef.current;
    if (!el) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    // Without the Fullscreen API (or when refused) the slideshow is already a fixed overlay.
    else if (typeof el.requestFullscreen === 'function') void el.requestFullscreen().catch(() => undefined);
    el.focus();
  };

  const slide = slides[index];
  return (
    <div
      ref={rootRef}
      className={`slideshow${wide ? ' slideshow--wide' : ''}${onClose ? ' slideshow--overlay' : ''}`}
      data-testid="slideshow"
      tabIndex={-1}
      role="region"
      aria-roledescription={t('slideshow')}
      aria-label={title}
      onKeyDown={onKeyDown}
    >
      <header className="slideshow__bar">
        <Typography.Text strong ellipsis className="slideshow__title">
          {title}
        </Typography.Text>
        <span className="slideshow__counter" data-testid="slide-counter">
          {t('counter', { n: slides.length ? index + 1 : 0, total: slides.length })}
        </span>
        <span className="slideshow__actions">
          {actions}
          <Tooltip title={t('directory')}>
            <Button
              type={directory ? 'primary' : 'text'}
              icon={<UnorderedListOutlined />}
              aria-label={t('directory')}
              aria-pressed={directory}
              data-testid="slideshow-directory-toggle"
              onClick={() => setDirectory((d) => !d)}
            />
          </Tooltip>
          <Tooltip title={t('wide')}>
            <Button
              type={wide ? 'primary' : 'text'}
              icon={<ColumnWidthOutlined />}
              aria-label={t('wide')}
              aria-pressed={wide}
              data-testid="slideshow-wide"
              onClick={() => setWide((w) => !w)}
            />
          </Tooltip>
          <Tooltip title={t('fullscreen')}>
            <Button
              type="text"
              icon={<FullscreenOutlined />}
              aria-label={t('fullscreen')}
              onClick={fullscreen}
            />
          </Tooltip>
          {onClose ? (
            <Tooltip title={t('closePresent')}>
              <Button
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('closePresent')}
                data-testid="slideshow-close"
                onClick={() => {
                  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
                  onClose();
                }}
              />
            </Tooltip>
          ) : null}
        </span>
      </header>
      <div className="slideshow__body">
        {directory ? (
          <nav className="slideshow__directory" aria-label={t('directory')} data-testid="slideshow-directory">
            <ol>
              {slides.map((s, i) => (
                <li key={s.key}>
                  <button
                    type="button"
                    className={i === index ? 'is-current' : undefined}
                    aria-current={i === index ? 'step' : undefined}
                    onClick={() => {
                      go(i);
                      rootRef.current?.focus();
                    }}
                  >
                    {s.title || t('untitledSlide', { n: i + 1 })}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <main className="slideshow__stage">
          {slide ? (
            <section className="slideshow__slide" data-testid="slide" data-index={index}>
              <h2 className="slideshow__slide-title" data-testid="slide-title">
                {slide.title || t('untitledSlide', { n: index + 1 })}
              </h2>
              <SlideContent slide={slide} />
            </section>
          ) : (
            <Typography.Text type="secondary">{t('noSlides')}</Typography.Text>
          )}
          <div className="slideshow__nav">
            <Button
              icon={<LeftOutlined />}
              aria-label={t('previous')}
              disabled={index === 0}
              onClick={() => go(index - 1)}
            />
            <Button
              icon={<RightOutlined />}
              aria-label={t('next')}
              disabled={index >= last}
              onClick={() => go(index + 1)}
            />
          </div>
        </main>
      </div>
    </div>
  );
}
