/** The settings page: the server address (tested, then saved), the sign-in state, language and theme. */
import { browser } from '@wxt-dev/browser';
import { signInUrl } from '../../lib/address';
import { errorText } from '../../lib/i18n';
import { isFailure, type CheckAnswer, type StatusAnswer } from '../../lib/protocol';
import { saveSettings, type Settings } from '../../lib/settings';
import { byId, send, setUpPage, showStatus } from '../../lib/ui';

async function main(): Promise<void> {
  const { settings, locale, t } = await setUpPage('optionsTitle');
  const address = byId<HTMLInputElement>('address');
  const addressStatus = byId('address-status');
  const accountStatus = byId('account-status');
  const signIn = byId('sign-in');
  const testButton = byId<HTMLButtonElement>('test');
  const saveButton = byId<HTMLButtonElement>('save');
  address.value = settings.address;
  let saved = settings.address;

  async function refreshAccount(): Promise<void> {
    showStatus(accountStatus, t('testing'));
    const state = await send<StatusAnswer>({ type: 'atelier.status' });
    signIn.hidden = true;
    if (isFailure(state)) {
      showStatus(accountStatus, errorText(locale, state.error), 'error');
    } else if (state.signedIn) {
      showStatus(
        accountStatus,
        state.email ? t('signedInAs', { email: state.email }) : t('signedInNoEmail'),
        'ok',
      );
    } else {
      showStatus(accountStatus, t('signedOut'), 'error');
      signIn.hidden = false;
    }
  }

  async function checkAddress(type: 'atelier.check' | 'atelier.saveAddress'): Promise<void> {
    testButton.disabled = saveButton.disabled = true;
    showStatus(addressStatus, t('testing'));
    const answer = await send<CheckAnswer>({ type, address: address.value });
    testButton.disabled = saveButton.disabled = false;
    if (isFailure(answer)) {
      const text = answer.error === 'not_atelier' ? t('notAtelierHere') : errorText(locale, answer.error);
      showStatus(addressStatus, text, 'error');
      return;
    }
    address.value = answer.address;
    if (type === 'atelier.saveAddress') {
      saved = answer.address;
      showStatus(
        addressStatus,
        `${t('serverOk', { version: answer.version })} ${t('saved', { address: saved })}`,
        'ok',
      );
      await refreshAccount();
    } else {
      showStatus(addressStatus, t('serverOk', { version: answer.version }), 'ok');
    }
  }

  testButton.addEventListener('click', () => void checkAddress('atelier.check'));
  byId('address-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void checkAddress('atelier.saveAddress');
  });
  byId('refresh').addEventListener('click', () => void refreshAccount());
  signIn.addEventListener('click', () => void browser.tabs.create({ url: signInUrl(saved) }));

  const localeSelect = byId<HTMLSelectElement>('locale');
  const themeSelect = byId<HTMLSelectElement>('theme');
  localeSelect.value = settings.locale;
  themeSelect.value = settings.theme;
  // the page is drawn again in the chosen language
  localeSelect.addEventListener('change', () => {
    void saveSettings({ locale: localeSelect.value as Settings['locale'] }).then(() => location.reload());
  });
  themeSelect.addEventListener('change', () => {
    void saveSettings({ theme: themeSelect.value as Settings['theme'] }).then(() => location.reload());
  });

  const commands = await browser.commands.getAll();
  const key = commands.find((c) => c.name === 'clip-page')?.shortcut || 'Alt+Shift+S';
  byId('shortcut').textContent = t('shortcutHint', { key });

  await refreshAccount();
}

void main();
