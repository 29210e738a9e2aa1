/** Body of the error toast: message, stack (unknown codes only) and the trace id with a copy button. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { platform } from '../../platform/platform';
import type { ErrorToastSpec } from './toastRules';
import './errorToast.css';

export interface ErrorToastContentProps {
  spec: ErrorToastSpec;
  copyText?: (text: string) => Promise<void>;
  /** A quota error on an instance with billing: the Upgrade button's action. */
  onUpgrade?: () => void;
}

export function ErrorToastContent({ spec, copyText = platform.copyText, onUpgrade }: ErrorToastContentProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const onCopy = async () => {
    if (!spec.traceId) return;
    try {
      await copyText(spec.traceId);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="error-toast" data-testid="error-toast-body">
      <div className="error-toast__message">{spec.message}</div>
      {onUpgrade ? (
        <Button
          type="primary"
          size="small"
          className="error-toast__upgrade"
          onClick={onUpgrade}
          data-testid="error-toast-upgrade"
        >
          {t('storage.upgrade')}
        </Button>
      ) : null}
      {spec.stack ? (
        <pre className="error-toast__stack" data-testid="error-toast-stack">
          {spec.stack}
        </pre>
      ) : null}
      {spec.traceId ? (
        <div className="error-toast__trace">
          <span data-testid="error-toast-trace">{t('errors.traceId', { traceId: spec.traceId })}</span>
          <Button
            size="small"
            type="text"
            icon={copied ? <CheckOutlined /> : <CopyOutlined />}
            onClick={() => void onCopy()}
            aria-label={t('errors.copyTraceId')}
          >
            {copied ? t('common.copied') : t('common.copy')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
