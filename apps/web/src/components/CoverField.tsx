/**
 * A cover image field (projects, pages, templates): the current image, an upload button that
 * checks the type (and size) before uploading, and a remove button. What happens to the upload is
 * the caller's: `onChange` keeps it in a form or saves it at once; the field shows it busy until
 * both the upload and `onChange` are done.
 */
import { useCallback, useState } from 'react';
import { App, Button, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './coverField.css';

/** The image types every cover takes (the server's COVER_TYPES). */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const ACCEPT = `.png,.jpg,.jpeg,.gif,.webp,${COVER_TYPES.join(',')}`;

export interface CoverFieldProps {
  /** The image shown now, or null. */
  url: string | null;
  /** Stores the picked file and answers its key and a URL the owner can load. */
  upload: (file: File) => Promise<{ storageKey: string; url: string }>;
  /** A new cover (its key and URL) or none (null, null). */
  onChange: (storageKey: string | null, url: string | null) => void | Promise<void>;
  /** Larger files are refused before uploading. */
  maxBytes?: number;
  /** A line under the buttons (omit it inside a Form.Item that has its own `extra`). */
  hint?: string;
  /** 'large': a wider image (the page editor). */
  size?: 'small' | 'large';
  /** Test ids: `${testId}-field`, `-image`, `-upload`, `-remove`. */
  testId: string;
  /** Told while a cover is uploading (a form disables its OK button). */
  onBusyChange?: (busy: boolean) => void;
}

export function CoverField({
  url,
  upload,
  onChange,
  maxBytes,
  hint,
  size = 'small',
  testId,
  onBusyChange,
}: CoverFieldProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'common.cover' });
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const setBusyBoth = (value: boolean) => {
    setBusy(value);
    onBusyChange?.(value);
  };
  const mb = maxBytes ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : '';

  const pick = async (file: File) => {
    if (!(COVER_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('type'));
      return;
    }
    if (maxBytes !== undefined && file.size > maxBytes) {
      void message.error(t('size', { size: mb }));
      return;
    }
    setBusyBoth(true);
    try {
      const stored = await upload(file);
      await onChange(stored.storageKey, stored.url);
    } catch {
      void message.error(t('failed'));
    } finally {
      setBusyBoth(false);
    }
  };

  return (
    <div className={`cover-field cover-field--${size}`} data-testid={`${testId}-field`}>
      {url ? (
        <img className="cover-field__img" src={url} alt={t('alt')} data-testid={`${testId}-image`} />
      ) : null}
      <div className="cover-field__actions">
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-upload`}>
            {url ? t('change') : t('upload')}
          </Button>
        </Upload>
        {url ? (
          <Button
            icon={<DeleteOutlined />}
            disabled={busy}
            data-testid={`${testId}-remove`}
            onClick={() => void onChange(null, null)}
          >
            {t('remove')}
          </Button>
        ) : null}
        {hint ? (
          <Typography.Text type="secondary" className="cover-field__hint">
            {hint}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A cover picked in a form and saved with it: `key` is undefined (unchanged), null (removed) or a
 * new upload's key; `url` is what the field shows; `busy` while uploading.
 */
export function useCoverDraft() {
  const [key, setKey] = useState<string | null | undefined>(undefined);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The form opens: nothing changed, showing `current`. */
  const reset = useCallback((current: string | null) => {
    setKey(undefined);
    setUrl(current);
  }, []);
  const change = useCallback((storageKey: string | null, shown: string | null) => {
    setKey(storageKey);
    setUrl(shown);
  }, []);
  return { key, url, busy, reset, fieldProps: { url, onChange: change, onBusyChange: setBusy } };
}
