/**
 * Bookkeeping `updatedAt` stamps (list order, "edited" labels), in the same real time as the
 * rows' database-default `createdAt`. Nothing compares them with the app's clock: the skill-run
 * lease (modules/skill/skill.lease.ts) compares its heartbeat stamps with this same real time;
 * behaviour that depends on time reads `ctx.clock` instead.
 */
// eslint-disable-next-line no-restricted-syntax
export const now = (): Date => new Date();
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
