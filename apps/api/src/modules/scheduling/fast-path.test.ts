import { addDays } from '@visita/domain/availability';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { appointments, nurseDaysOff, nurseSectors, nurses, sectors, visits } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { expireLapsedHolds } from '../appointments/transitions.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { findAvailability, horizonFor } from './availability.ts';
import { localParts } from './blocks.ts';
import { findAvailabilityFromScratch } from './from-scratch.ts';
import { holdBlock } from './hold.ts';
import { compactBlockLoad } from './queries.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from './test-fixtures.ts';

// Only what neededSkills reads: one item per skill.
const item = (id: number, skill: string) =>
  [id, { id, skill, resourcetype: 'Measure', country: 'cl' }] as const;
const catalogue = {
  byId: new Map([item(1, 'lab'), item(2, 'vaccine'), item(3, 'medical_service')]),
  subItems: new Map(),
} as unknown as CatalogueSnapshot;
const CARTS: Array<{ items: string[]; skills: Array<'lab' | 'vaccine' | 'medical_service'> }> = [
  { items: [], skills: [] },
  { items: ['1'], skills: ['lab'] },
  { items: ['2'], skills: ['vaccine'] },
  { items: ['1', '2'], skills: ['lab', 'vaccine'] },
  { items: ['3'], skills: ['medical_service'] },
];

/** A deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

describe.each(TEST_ENGINES)('availability fast path on $name', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, { seed: false });
  });
  afterAll(() => testApp?.close());

  /**
   * The counts as the triggers keep them (block_load less block_load_freed) against a recount of
   * the visits: no row may differ. Once before and once after folding the freed visits in.
   */
  async function loadDrift(): Promise<unknown[]> {
    const drift = () =>
      queryRows(
        testApp.app.db,
        sql`with kept as (select sector_id, block_start, skills, sum(visits)::int as visits
                          from (select sector_id, block_start, skills, visits from block_load
                                union all
                                select sector_id, block_start, skills, -visits from block_load_freed) u
                          group by sector_id, block_start, skills having sum(visits) <> 0),
                 recount as (select ns.sector_id, v.block_start, n.skills, count(*)::int as visits
                             from visits v join nurses n on n.id = v.nurse_id
                             join nurse_sectors ns on ns.nurse_id = v.nurse_id
                             group by ns.sector_id, v.block_start, n.skills)
            (select 'kept' as side, * from kept except select 'kept', * from recount)
            union all
            (select 'recount', * from recount except select 'recount', * from kept)`,
      );
    const before = await drift();
    await compactBlockLoad(testApp.app.db);
    const [freed] = await queryRows<{ n: number }>(
      testApp.app.db,
      sql`select count(*)::int as n from block_load_freed`,
    );
    expect(freed?.n).toBe(0);
    return [...before, ...(await drift())];
  }

  /** For every cart and a few first dates: the fast answer and the one from scratch. */
  async function compare(sector: { id: number; timeZone: string }, appointmentId: string, now: Date) {
    const appointment = await findAppointmentById(testApp.app.db, appointmentId);
    if (!appointment) throw new Error('no appointment');
    const today = localParts(now, sector.timeZone).date;
    for (const cart of CARTS) {
      for (const fromDate of [undefined, addDays(today, 1), addDays(today, 6)]) {
        const fast = await findAvailability(
          testApp.app.db,
          { appointment, catalogue, items: cart.items, country: 'cl', fromDate, now },
          testApp.app.rosters,
        );
        const horizon = horizonFor(sector.timeZone, now, fromDate);
        const scratch = await findAvailabilityFromScratch(testApp.app.db, sector, cart.skills, horizon, now);
        expect({ cart: cart.items, fromDate, offered: fast }).toEqual({
          cart: cart.items,
          fromDate,
          offered: scratch,
        });
      }
    }
  }

  it('equals the from-scratch answer after concurrent holds, replaced holds, lapses, cancellations and sweeps', async () => {
    const { db } = testApp.app;
    const random = generator(20_261_125);
    const today = localParts(new Date(), SANTIAGO).date;
    // Few nurses and few blocks, so blocks fill up and the counts alone cannot settle them.
    const { sectorId, nurseIds } = await createFixtureSector(db, [
      { skills: ['lab'], shifts: [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '08:00', '12:00']) },
      { skills: ['lab', 'vaccine'], shifts: [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '09:00', '12:00']) },
      { skills: ['lab', 'vaccine', 'medical_service'], daysOff: [addDays(today, 2)] },
      { skills: ['vaccine'], shifts: [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '10:00', '13:00']) },
      { skills: ['lab', 'vaccine', 'medical_service'], active: false },
    ]);
    const sector = { id: sectorId, timeZone: SANTIAGO };
    const people = await Promise.all(
      Array.from({ length: 40 }, () => createFixtureAppointment(db, sectorId)),
    );
    const looker = await createFixtureAppointment(db, sectorId);
    const realNow = new Date();
    const outcomes = { held: 0, taken: 0 };
    const tryHold = async (index: number, lapsed: boolean) => {
      const person = people[index % people.length];
      const appointment = person && (await findAppointmentById(db, person.id));
      if (!appointment) return;
      const date = addDays(today, 1 + random(3));
      const hour = 8 + random(5);
      const cart = CARTS[random(CARTS.length)] ?? CARTS[0];
      try {
        await holdBlock(db, testApp.app.rosters, {
          appointment,
          catalogue,
          items: cart?.items,
          beginDate: `${date} ${String(hour).padStart(2, '0')}:00:00`,
          endDate: `${date} ${String(hour + 1).padStart(2, '0')}:00:00`,
          // A hold made 25 minutes ago has lapsed: its row stays until the sweep deletes it.
          now: lapsed ? new Date(realNow.getTime() - 25 * 60_000) : realNow,
        });
        outcomes.held += 1;
      } catch (error) {
        const code = (error as { err?: string }).err ?? String((error as { cause?: unknown }).cause ?? error);
        // The only refusals a free-for-all of holds may meet: every nurse taken, no shift offers
        // it, or the appointment was cancelled meanwhile.
        expect(['block-not-available', 'block-outside-shifts', 'appointment-not-schedulable']).toContain(
          code,
        );
        outcomes.taken += 1;
      }
    };
    // Three waves, each of concurrent holds (every person holds twice: the second replaces the
    // first), lapsed holds, cancelled appointments (their visits go with them) and a sweep.
    for (let wave = 0; wave < 3; wave++) {
      await Promise.all([
        ...Array.from({ length: 80 }, (_, index) => tryHold(index + wave, random(5) === 0)),
        (async () => {
          const doomed = people[random(people.length)];
          if (doomed) await db.delete(appointments).where(eq(appointments.id, doomed.id));
        })(),
        wave === 1 ? expireLapsedHolds(db) : Promise.resolve(0),
        compactBlockLoad(db),
      ]);
      expect(await loadDrift()).toEqual([]);
      await compare(sector, looker.id, new Date());
    }
    expect(outcomes.held).toBeGreaterThan(10);
    expect(outcomes.taken).toBeGreaterThan(10);

    // Updates: confirmations and reminder marks move no visit (their counts stay as they are);
    // a move to another nurse and another block frees one count and takes another, also when
    // one statement moves several visits and leaves others where they were.
    await db.execute(sql`update visits set status = 'confirmed', expires_at = null, reminded_at = now()
                         where id in (select id from visits order by id limit 5)`);
    expect(await loadDrift()).toEqual([]);
    // Holds lie within three days: moved 40 and 50 days on, the two moved visits never meet.
    await db.execute(sql`with picked as (select id, row_number() over (order by id) as k
                                         from visits order by id limit 4)
                         update visits v
                         set nurse_id = case when p.k <= 2 then ${nurseIds[2] ?? 0}::int else v.nurse_id end,
                             block_start = v.block_start + interval '1 day' * (case when p.k <= 2 then 30 + 10 * p.k else 0 end),
                             block_end = v.block_end + interval '1 day' * (case when p.k <= 2 then 30 + 10 * p.k else 0 end)
                         from picked p where p.id = v.id`);
    expect(await loadDrift()).toEqual([]);
    await compare(sector, looker.id, new Date());

    // Who works when changes: a nurse loses a skill, another leaves the sector, a day off is
    // added. The database tells every instance; the counts are recounted in the same statement.
    // Their visits are kept with them (the roster guard would refuse the change otherwise).
    await db
      .update(visits)
      .set({ keptOffRoster: true })
      .where(inArray(visits.nurseId, nurseIds.slice(0, 3)));
    await db
      .update(nurses)
      .set({ skills: ['vaccine'] })
      .where(eq(nurses.id, nurseIds[1] ?? 0));
    await db.delete(nurseSectors).where(eq(nurseSectors.nurseId, nurseIds[0] ?? 0));
    await db.insert(nurseDaysOff).values({ nurseId: nurseIds[2] ?? 0, day: addDays(today, 1) });
    expect(await loadDrift()).toEqual([]);
    await expect
      .poll(
        async () => {
          try {
            await compare(sector, looker.id, new Date());
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 3000, interval: 50 },
      )
      .toBe(true);
  });

  it("drops a deleted sector's counts with it", async () => {
    const { db } = testApp.app;
    const { sectorId: gone } = await createFixtureSector(db, [{}]);
    const { sectorId: kept } = await createFixtureSector(db, [{}]);
    const [nurse] = await queryRows<{ nurse_id: number }>(
      db,
      sql`select nurse_id from nurse_sectors where sector_id = ${gone}`,
    );
    // The nurse also serves the kept sector; her visit for a person there counts in both.
    await db.insert(nurseSectors).values({ nurseId: nurse?.nurse_id ?? 0, sectorId: kept });
    const person = await createFixtureAppointment(db, kept);
    await db.execute(sql`insert into visits (appointment_id, nurse_id, block_start, block_end, status)
                         values (${person.id}, ${nurse?.nurse_id ?? 0}, '2027-01-04T12:00:00Z', '2027-01-04T13:00:00Z', 'confirmed')`);
    const counted = async (id: number) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from block_load where sector_id = ${id}`,
        )
      )[0]?.n;
    expect(await counted(gone)).toBe(1);
    await db.delete(sectors).where(eq(sectors.id, gone));
    expect(await counted(gone)).toBe(0);
    expect(await counted(kept)).toBeGreaterThan(0);
    expect(await loadDrift()).toEqual([]);
  });

  it('keeps the counts across a clock change (Santiago, first Sunday of September)', async () => {
    const { db } = testApp.app;
    const { sectorId } = await createFixtureSector(db, [{}, {}]);
    const sector = { id: sectorId, timeZone: SANTIAGO };
    const looker = await createFixtureAppointment(db, sectorId);
    // The day before 2026-09-06, when 00:00 becomes 01:00 in Santiago.
    const now = new Date('2026-09-04T12:00:00Z');
    const people = await Promise.all(Array.from({ length: 6 }, () => createFixtureAppointment(db, sectorId)));
    for (const [index, person] of people.entries()) {
      const appointment = await findAppointmentById(db, person.id);
      if (!appointment) throw new Error('no appointment');
      // Both nurses taken at 01:00 and 02:00 on the changing day, one at 03:00 the day after.
      const [date, hour] = index < 4 ? ['2026-09-06', 1 + (index % 2)] : ['2026-09-07', 3];
      await holdBlock(db, testApp.app.rosters, {
        appointment,
        catalogue,
        beginDate: `${date} 0${hour}:00:00`,
        endDate: `${date} 0${hour + 1}:00:00`,
        now,
      });
    }
    expect(await loadDrift()).toEqual([]);
    const appointment = await findAppointmentById(db, looker.id);
    if (!appointment) throw new Error('no appointment');
    const fast = await findAvailability(
      db,
      { appointment, catalogue, items: [], country: 'cl', now },
      testApp.app.rosters,
    );
    const onTheDay = fast.filter((entry) => entry.date === '2026-09-06').map((entry) => entry.begin_time);
    // 00:00 does not exist that night; 01:00 and 02:00 are full.
    expect(onTheDay.slice(0, 2)).toEqual(['03:00', '04:00']);
    expect(fast).toEqual(await findAvailabilityFromScratch(db, sector, [], horizonFor(SANTIAGO, now), now));
  });
});
