/**
 * The search box over the canvas (Ctrl/Cmd+F or the toolbar's search button): the query, "2 of
 * 5", previous and next, close. Enter or ↓ goes to the next hit, Shift+Enter or ↑ to the
 * previous one, Escape closes; Ctrl/Cmd+F in the box selects its text rather than opening the
 * browser's find.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Button, Input, Tooltip, type InputRef } from 'antd';
import { CloseOutlined, DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { CanvasSearchState } from './useCanvasSearch';
import { useCanvasT } from './useCanvasT';

export function CanvasSearch({ search }: { search: CanvasSearchState }) {
  const ct = useCanvasT();
  const input = useRef<InputRef>(null);
  const { open, focusRequest } = search;
  useEffect(() => {
    if (open) input.current?.focus({ cursor: 'all', preventScroll: true });
  }, [open, focusRequest]);
  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey)) search.previous();
      else search.next();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      search.close();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
      e.preventDefault();
      input.current?.select();
    }
  };

  const none = search.query.trim() !== '' && search.hitCount === 0;
  return (
    <div className="canvas-search" role="search" data-testid="canvas-search">
      <Input
        ref={input}
        size="small"
        variant="borderless"
        prefix={<SearchOutlined />}
        value={search.query}
        onChange={(e) => search.setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={ct('search.placeholder')}
        aria-label={ct('search.label')}
        data-testid="canvas-search-input"
      />
      <span
        className={`canvas-search__count${none ? ' is-none' : ''}`}
        aria-live="polite"
        data-testid="canvas-search-count"
      >
        {search.hitCount > 0
          ? ct('search.count', { current: search.current, total: search.hitCount })
          : none
            ? ct('search.none')
            : ''}
      </span>
      <Tooltip title={ct('search.previous')}>
        <Button
          type="text"
          size="small"
          icon={<UpOutlined />}
          disabled={search.hitCount === 0}
          onClick={search.previous}
          aria-label={ct('search.previous')}
          data-testid="canvas-search-previous"
        />
      </Tooltip>
      <Tooltip title={ct('search.next')}>
        <Button
          type="text"
          size="small"
          icon={<DownOutlined />}
          disabled={search.hitCount === 0}
          onClick={search.next}
          aria-label={ct('search.next')}
          data-testid="canvas-search-next"
        />
      </Tooltip>
      <Tooltip title={ct('search.close')}>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          onClick={() => search.close()}
          aria-label={ct('search.close')}
          data-testid="canvas-search-close"
        />
      </Tooltip>
    </div>
  );
}
