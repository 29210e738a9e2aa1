/**
 * Action results for their owner: read one (latest or a given version) with its steps, list runs,
 * and abort a running one. Who may see a result is the access module's answer (`load`): someone
 * else's result answers exactly like a missing one (E1011).
 */
import type { z } from 'zod';
import type { ListActionResultsQuerySchema } from '@atelier/contract';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/errors.js';
import { accessFor, userActor, type AccessAction } from '../access/access.js';
import type { LocalRuns } from '../../skills/skill.aborts.js';
import {
  findResult,
  listResults,
  requestAbort,
  stepsOf,
  type ActionResultRow,
  type ActionStepRow,
} from './action.repository.js';

type ListQuery = z.infer<typeof ListActionResultsQuerySchema>;

export class ActionService {
  constructor(
    private readonly db: Db,
    private readonly localRuns: LocalRuns,
  ) {}

  async load(
    uid: string,
    resultId: string,
    version?: number,
    action: AccessAction = 'read',
  ): Promise<ActionResultRow> {
    await accessFor(this.db).require(userActor(uid), action, 'actionResult', [resultId]);
    const row = await findResult(this.db, resultId, version);
    if (!row) throw new AppError('E1011');
    return row;
  }

  async get(
    uid: string,
    resultId: string,
    version?: number,
  ): Promise<{ row: ActionResultRow; steps: ActionStepRow[] }> {
    const row = await this.load(uid, resultId, version);
    return { row, steps: await stepsOf(this.db, row.resultId, row.version) };
  }

  /** The caller's runs; `skillId`: the runs of one skill instance (its triggers' jobs among them). */
  list(uid: string, query: ListQuery): Promise<ActionResultRow[]> {
    return listResults(this.db, uid, query);
  }

  /** Stops the latest version if it is still running; what was streamed so far is kept. */
  async abort(uid: string, resultId: string): Promise<{ row: ActionResultRow; steps: ActionStepRow[] }> {
    const row = await this.load(uid, resultId, undefined, 'write');
    if (row.status === 'waiting' || row.status === 'executing') {
      await requestAbort(this.db, row.resultId, row.version);
      this.localRuns.abort(row.resultId, row.version);
    }
    return this.get(uid, resultId, row.version);
  }
}
