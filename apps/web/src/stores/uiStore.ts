/** Which app-level dialogs are open (login, reset password, settings, onboarding, tour). */
import { create } from 'zustand';

export type AuthModalMode = 'login' | 'signup';
export type SettingsTab = string;

interface UiState {
  authModal: AuthModalMode | null;
  /** Where to go after signing in (a protected path visited while signed out). */
  returnTo: string | null;
  resetPasswordOpen: boolean;
  settingsTab: SettingsTab | null;
  /** The outcome of a hosted checkout just returned from, shown once on the subscription tab. */
  paymentNotice: 'success' | 'cancel' | null;
  highlightsOpen: boolean;
  tourOpen: boolean;
  openAuth: (mode: AuthModalMode, returnTo?: string) => void;
  closeAuth: () => void;
  clearReturnTo: () => void;
  openResetPassword: () => void;
  closeResetPassword: () => void;
  openSettings: (tab?: SettingsTab) => void;
  closeSettings: () => void;
  setPaymentNotice: (notice: 'success' | 'cancel' | null) => void;
  setHighlightsOpen: (open: boolean) => void;
  setTourOpen: (open: boolean) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  authModal: null,
  returnTo: null,
  resetPasswordOpen: false,
  settingsTab: null,
  paymentNotice: null,
  highlightsOpen: false,
  tourOpen: false,
  openAuth: (mode, returnTo) =>
    set((s) => ({ authModal: mode, resetPasswordOpen: false, returnTo: returnTo ?? s.returnTo })),
  closeAuth: () => set({ authModal: null }),
  clearReturnTo: () => set({ returnTo: null }),
  openResetPassword: () => set({ resetPasswordOpen: true, authModal: null }),
  closeResetPassword: () => set({ resetPasswordOpen: false }),
  openSettings: (tab = 'account') => set({ settingsTab: tab }),
  closeSettings: () => set({ settingsTab: null, paymentNotice: null }),
  setPaymentNotice: (paymentNotice) => set({ paymentNotice }),
  setHighlightsOpen: (highlightsOpen) => set({ highlightsOpen }),
  setTourOpen: (tourOpen) => set({ tourOpen }),
}));
