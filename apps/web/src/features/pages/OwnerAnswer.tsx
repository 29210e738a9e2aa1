/** An answer slide in the app: the run's question, its answer with citation badges, its sources. */
import { Spin } from 'antd';
import { Answer, Sources, useRunLoader } from '../ai/RunView';
import '../ai/ai.css';

export function OwnerAnswer({ resultId }: { resultId: string }) {
  const run = useRunLoader(resultId);
  if (!run) return <Spin />;
  return (
    <>
      {run.input?.query ? <p className="slide-answer__query">{run.input.query}</p> : null}
      <Answer run={run} testId="slide-answer" />
      <Sources sources={run.sources} />
    </>
  );
}
