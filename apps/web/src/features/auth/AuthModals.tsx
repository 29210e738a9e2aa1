/**
 * The signed-out dialogs: sign-in / sign-up, loaded the first time one of them opens, and the
 * password reset, loaded the first time it opens (most visitors never need it, and its code
 * input is JavaScript the sign-in dialog need not wait for).
 */
import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '../../stores/uiStore';
import { LoginModal } from './LoginModal';
import './auth.css';

const ResetPasswordModal = lazy(() =>
  import('./ResetPasswordModal').then((m) => ({ default: m.ResetPasswordModal })),
);

function ResetPasswordHost() {
  const wanted = useUiStore((s) => s.resetPasswordOpen);
  // stay mounted once loaded so closing plays the modal's animation
  const [loaded, setLoaded] = useState(false);
  if (wanted && !loaded) setLoaded(true);
  if (!wanted && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <ResetPasswordModal />
    </Suspense>
  );
}

export function AuthModals() {
  return (
    <>
      <LoginModal />
      <ResetPasswordHost />
    </>
  );
}
