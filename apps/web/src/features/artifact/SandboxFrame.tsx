/**
 * A sandboxed preview frame (sandbox="allow-scripts", never allow-same-origin): loads the
 * sandbox page, waits for it to say it is ready, then posts the HTML or compiled React code.
 * A new frame is made for every change, so nothing of an earlier run survives. Without
 * `allowNetwork` the page's policy keeps images, fonts and media to data: and blob: URLs.
 */
import { useEffect, useRef, useState } from 'react';
import { isFromSandbox, SANDBOX_NETWORK_PATH, SANDBOX_PATH, type ToSandbox } from './sandbox/protocol';

export function SandboxFrame({
  message,
  title,
  onError,
  allowNetwork = false,
}: {
  message: ToSandbox | null;
  title: string;
  onError: (error: string | null) => void;
  allowNetwork?: boolean;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [generation, setGeneration] = useState(0);
  const errorRef = useRef(onError);
  errorRef.current = onError;

  useEffect(() => {
    setGeneration((g) => g + 1);
    errorRef.current(null);
  }, [message, allowNetwork]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow || !isFromSandbox(event.data))
        return;
      if (event.data.type === 'atelier:ready' && message)
        frame.current.contentWindow?.postMessage(message, '*');
      if (event.data.type === 'atelier:error') errorRef.current(event.data.message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [message, generation]);

  return (
    <iframe
      key={generation}
      ref={frame}
      title={title}
      className="artifact-frame"
      data-testid="artifact-frame"
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      src={allowNetwork ? SANDBOX_NETWORK_PATH : SANDBOX_PATH}
    />
  );
}
