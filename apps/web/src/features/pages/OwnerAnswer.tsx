/** An answer slide in the app: the run's question, its answer with citation badges, its sources. */
import { Spin } from 'antd';
import { Answer, Sources, useRunLoader } from '../ai/RunView';
import '../ai/ai.css';

export function OwnerAnswer({ resultId, title }: { resultId: string; title: string }) {
  const run = useRunLoader(resultId);
  if (!run) return <Spin />;
  return (
    <>
      {/* the question, unless the slide is already titled by it */}
      {run.input?.query && run.input.query.trim() !== title.trim() ? (
        <p className="slide-answer__query">{run.input.query}</p>
      ) : null}
      <Answer run={run} testId="slide-answer" />
      <Sources sources={run.sources} />
    </>
  );
}
