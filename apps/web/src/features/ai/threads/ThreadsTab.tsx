/** The threads tab of the library (label and content). */
import { useTranslation } from 'react-i18next';
import { ThreadList } from './ThreadList';

export function ThreadsTabLabel() {
  return <>{useTranslation(undefined, { keyPrefix: 'ai' }).t('threads.title')}</>;
}

export function ThreadsTab() {
  return <ThreadList />;
}
