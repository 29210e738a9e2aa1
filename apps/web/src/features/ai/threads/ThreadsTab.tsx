/** The threads tab of the library (label and content), loaded with the AI feature's strings. */
import { useAiT } from '../strings';
import { ThreadList } from './ThreadList';

export function ThreadsTabLabel() {
  return <>{useAiT()('threads.title')}</>;
}

export function ThreadsTab() {
  return <ThreadList />;
}
