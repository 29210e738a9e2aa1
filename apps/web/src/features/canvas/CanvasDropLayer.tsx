/**
 * What a drop onto the canvas shows: the overlay while files or links are dragged over it, and
 * the upload rows (antd Progress per file, the failure's message until dismissed).
 */
import { Button, Progress, Typography } from 'antd';
import { CloseOutlined, CloudUploadOutlined, GlobalOutlined } from '@ant-design/icons';
import type { CanvasDropLayerState } from './useCanvasDrop';
import { useCanvasT } from './useCanvasT';

export function CanvasDropLayer({ state }: { state: CanvasDropLayerState }) {
  const ct = useCanvasT();
  const { dragging, rows, dismiss, quotaDialog } = state;
  return (
    <>
      {dragging ? (
        <div className="canvas-drop__overlay" data-testid="canvas-drop-overlay" data-kind={dragging}>
          <div className="canvas-drop__message">
            {dragging === 'files' ? <CloudUploadOutlined /> : <GlobalOutlined />}
            <span className="canvas-drop__title">
              {ct(dragging === 'files' ? 'drop.files' : dragging === 'link' ? 'drop.link' : 'drop.text')}
            </span>
            <span className="canvas-drop__hint">
              {ct(dragging === 'files' ? 'drop.filesHint' : 'drop.linkHint')}
            </span>
          </div>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <ul
          className="canvas-drop__uploads"
          aria-label={ct('drop.uploads')}
          data-testid="canvas-drop-uploads"
        >
          {rows.map((row) => (
            <li
              key={row.key}
              className="canvas-drop__upload"
              data-testid="canvas-drop-upload"
              data-state={row.state}
            >
              <div className="canvas-drop__upload-head">
                <span className="canvas-drop__upload-name" title={row.name}>
                  {row.name}
                </span>
                {row.state === 'error' ? (
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={ct('drop.dismiss')}
                    onClick={() => dismiss(row.key)}
                  />
                ) : null}
              </div>
              <Progress
                percent={row.percent}
                size="small"
                status={row.state === 'error' ? 'exception' : row.state === 'done' ? 'success' : 'active'}
              />
              {row.error ? (
                <Typography.Text type="danger" className="canvas-drop__upload-error">
                  {row.error}
                </Typography.Text>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {quotaDialog}
    </>
  );
}
