/**
 * Share rows by id (absent ids too), so that the public routes — `GET /share/{id}`, its files and
 * `share.detail` — answer without a query each. Kept only with embedded PGlite, where this
 * process is the only writer (one process per data directory) and every write of `shares` goes
 * through ShareService or an entity's deletion (`finishRemoval` emits `shares.removed`): each of
 * them clears it once its writes are done, so a revoked link answers 404 on the next request.
 * A read that was under way while a write finished is not kept (the generation moved on). With
 * a PostgreSQL server other instances write too, and every read goes to the database.
 */
export class ShareRowCache<Row> {
  private readonly map = new Map<string, Row | null>();
  private generation = 0;
  constructor(private readonly max: number) {}

  async read(shareId: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const hit = this.map.get(shareId);
    if (hit !== undefined) {
      this.map.delete(shareId);
      this.map.set(shareId, hit);
      return hit ?? undefined;
    }
    const generation = this.generation;
    const row = await load();
    if (generation === this.generation) {
      this.map.set(shareId, row ?? null);
      while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    }
    return row;
  }

  clear(): void {
    this.generation += 1;
    this.map.clear();
  }
}
