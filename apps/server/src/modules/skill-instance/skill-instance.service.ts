/**
 * Skill instances: a user's named copy of a built-in skill with its own settings (tplConfig,
 * secrets sealed at rest) and context rules, pinned to the top of their list at will (at most
 * LIMITS.maxPinnedSkills). An instance is its owner's alone: any other caller meets E1006, as for
 * an id that does not exist. Deleting one deletes its triggers (foreign key cascade).
 */
import {
  LIMITS,
  type CreateSkillInstance,
  type ListSkillInstancesQuery,
  type SkillName,
  type TplConfig,
  type UpdateSkillInstance,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { findSkill } from '../../skills/skill.builtins.js';
import { keepMaskedSecrets, sealTplConfig } from '../../skills/skill.secrets.js';
import type { SkillDefinition } from '../../skills/skill.types.js';
import { checkTplConfig, instanceInvocationConfig } from './skill-instance.config.js';
import {
  countPinned,
  deleteSkillInstance,
  findSkillInstance,
  insertSkillInstance,
  listSkillInstances,
  updateSkillInstance,
  type SkillInstanceRow,
} from './skill-instance.repository.js';

/** The built-in skill an instance runs; E1006 when this server does not run it. */
export function templateOf(name: SkillName): SkillDefinition {
  const skill = findSkill(name);
  if (!skill) throw new AppError('E1006', `The skill "${name}" is not available on this server`);
  return skill;
}

/** The caller's instance, or E1006 (someone else's answers exactly as a missing one). */
export async function requireSkillInstance(
  ctx: AppContext,
  uid: string,
  skillId: string,
): Promise<SkillInstanceRow> {
  const row = await findSkillInstance(ctx.db, uid, skillId);
  if (!row) throw new AppError('E1006');
  return row;
}

export class SkillInstanceService {
  constructor(private readonly ctx: AppContext) {}

  private seal(skill: SkillDefinition, tplConfig: TplConfig, uid: string): TplConfig {
    return sealTplConfig(skill, tplConfig, this.ctx.secrets.encryption, uid) ?? {};
  }

  async create(uid: string, body: CreateSkillInstance): Promise<SkillInstanceRow> {
    const skill = templateOf(body.tplName);
    // nothing is stored yet: a masked secret is no value
    const tplConfig = keepMaskedSecrets(skill, body.tplConfig ?? {}, null);
    checkTplConfig(skill, tplConfig, true);
    const at = this.ctx.clock.date();
    return insertSkillInstance(this.ctx.db, {
      skillId: newId('skill'),
      uid,
      tplName: skill.name,
      displayName: body.displayName,
      description: body.description ?? null,
      icon: body.icon ?? null,
      tplConfig: this.seal(skill, tplConfig, uid),
      invocationConfig: instanceInvocationConfig(skill, body.invocationConfig),
      createdAt: at,
      updatedAt: at,
    });
  }

  async update(uid: string, body: UpdateSkillInstance): Promise<SkillInstanceRow> {
    const row = await requireSkillInstance(this.ctx, uid, body.skillId);
    const skill = templateOf(row.tplName);
    const patch: Parameters<typeof updateSkillInstance>[3] = {};
    if (body.displayName !== undefined) patch.displayName = body.displayName;
    if (body.description !== undefined) patch.description = body.description;
    if (body.icon !== undefined) patch.icon = body.icon;
    if (body.tplConfig !== undefined) {
      const tplConfig = keepMaskedSecrets(skill, body.tplConfig, row.tplConfig);
      checkTplConfig(skill, tplConfig, true);
      patch.tplConfig = this.seal(skill, tplConfig, uid);
    }
    if (body.invocationConfig !== undefined) {
      patch.invocationConfig = instanceInvocationConfig(skill, body.invocationConfig);
    }
    const updated = await updateSkillInstance(this.ctx.db, uid, row.skillId, patch);
    if (!updated) throw new AppError('E1006');
    return updated;
  }

  async delete(uid: string, skillId: string): Promise<void> {
    if (!(await deleteSkillInstance(this.ctx.db, uid, skillId))) throw new AppError('E1006');
  }

  async pin(uid: string, skillId: string): Promise<SkillInstanceRow> {
    const row = await requireSkillInstance(this.ctx, uid, skillId);
    if (row.pinnedAt) return row;
    // One pin of a user at a time (the user's row locked), so two at once cannot pass the limit.
    return this.ctx.db.transaction(async (tx) => {
      await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
      if ((await countPinned(tx, uid)) >= LIMITS.maxPinnedSkills) {
        throw badRequest(
          `At most ${LIMITS.maxPinnedSkills} skills can be pinned: unpin one before pinning another`,
        );
      }
      const updated = await updateSkillInstance(tx, uid, skillId, { pinnedAt: this.ctx.clock.date() });
      if (!updated) throw new AppError('E1006');
      return updated;
    });
  }

  async unpin(uid: string, skillId: string): Promise<SkillInstanceRow> {
    const row = await requireSkillInstance(this.ctx, uid, skillId);
    if (!row.pinnedAt) return row;
    const updated = await updateSkillInstance(this.ctx.db, uid, skillId, { pinnedAt: null });
    if (!updated) throw new AppError('E1006');
    return updated;
  }

  list(uid: string, query: ListSkillInstancesQuery): Promise<SkillInstanceRow[]> {
    return listSkillInstances(this.ctx.db, uid, {
      skillId: query.skillId,
      sortByPin: query.sortByPin ?? true,
      order: query.order,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
  }
}
