/** The signed-out dialogs, loaded together the first time one of them opens. */
import { LoginModal } from './LoginModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import './auth.css';

export function AuthModals() {
  return (
    <>
      <LoginModal />
      <ResetPasswordModal />
    </>
  );
}
