/** /threads: every conversation with AI, newest first. */
import { useTranslation } from 'react-i18next';
import { ThreadList } from './ThreadList';
import '../ai.css';

export function ThreadsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'ai' });
  return (
    <div className="ai-threads" data-testid="threads-page">
      <h1>{t('threads.title')}</h1>
      <p className="ai-threads__intro">{t('threads.intro')}</p>
      <ThreadList />
    </div>
  );
}
