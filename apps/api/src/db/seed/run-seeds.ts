import { type Db, inTransaction } from '../database.ts';
import { seedRuns } from '../schema.ts';

export interface Seed {
  /** Stable name; a seed with a recorded name never runs again on that database. */
  name: string;
  run(db: Db): Promise<void>;
}

/**
 * Runs each seed not yet recorded, each in its own transaction with its record, so a crash
 * half-way leaves nothing half-seeded and two instances starting together seed once.
 */
export async function runSeeds(db: Db, seeds: readonly Seed[]): Promise<string[]> {
  const applied: string[] = [];
  for (const seed of seeds) {
    const ran = await inTransaction(db, async (tx) => {
      const inserted = await tx
        .insert(seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing({ target: seedRuns.name })
        .returning({ name: seedRuns.name });
      if (inserted.length === 0) return false;
      await seed.run(tx);
      return true;
    });
    if (ran) applied.push(seed.name);
  }
  return applied;
}
