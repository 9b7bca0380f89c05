-- The counts' triggers cost more than the writes they follow (bench/: a hold's visit insert took
-- 2 ms of PostgreSQL, mostly planning). SQL functions called from a trigger are planned again on
-- every call; plpgsql keeps its plans for the connection. Nothing to count returns at once: the
-- sweep's delete of lapsed holds in a block usually deletes nothing. A hold moves one visit: its
-- nurse's row and sectors are looked up by key (OFFSET 0 keeps the planner from hashing all the
-- nurses and all their sectors for it, which it did for the hundred rows it guesses JSON holds).
CREATE OR REPLACE FUNCTION block_load_take(taken jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF taken IS NULL THEN RETURN; END IF;
  INSERT INTO block_load (sector_id, block_start, skills, visits)
  SELECT ns.sector_id, t.block_start, n.skills, count(*)::int
  FROM jsonb_to_recordset(taken) AS t(nurse_id integer, block_start timestamptz)
  CROSS JOIN LATERAL (SELECT skills FROM nurses WHERE id = t.nurse_id OFFSET 0) n
  CROSS JOIN LATERAL (SELECT sector_id FROM nurse_sectors WHERE nurse_id = t.nurse_id OFFSET 0) ns
  GROUP BY ns.sector_id, t.block_start, n.skills
  ORDER BY ns.sector_id, t.block_start, n.skills
  ON CONFLICT (sector_id, block_start, skills) DO UPDATE SET visits = block_load.visits + excluded.visits;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION block_load_free(freed jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF freed IS NULL THEN RETURN; END IF;
  INSERT INTO block_load_freed (sector_id, block_start, skills, visits)
  SELECT ns.sector_id, f.block_start, n.skills, count(*)::int
  FROM jsonb_to_recordset(freed) AS f(nurse_id integer, block_start timestamptz)
  CROSS JOIN LATERAL (SELECT skills FROM nurses WHERE id = f.nurse_id OFFSET 0) n
  CROSS JOIN LATERAL (SELECT sector_id FROM nurse_sectors WHERE nurse_id = f.nurse_id OFFSET 0) ns
  GROUP BY ns.sector_id, f.block_start, n.skills;
END $$;
--> statement-breakpoint
-- A visit changes its count only when its nurse or block changes: an update that moves none (a
-- confirmation, a reminder mark) stops after one look at its rows. (A column list would skip the
-- trigger altogether, but PostgreSQL allows none on a trigger with transition tables.)
CREATE OR REPLACE FUNCTION visits_block_load() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved_from jsonb;
  moved_to jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM block_load_take((SELECT jsonb_agg(jsonb_build_object('nurse_id', nurse_id, 'block_start', block_start)) FROM new_visits));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM block_load_free((SELECT jsonb_agg(jsonb_build_object('nurse_id', nurse_id, 'block_start', block_start)) FROM old_visits));
  ELSE
    SELECT jsonb_agg(jsonb_build_object('nurse_id', o.nurse_id, 'block_start', o.block_start)),
           jsonb_agg(jsonb_build_object('nurse_id', n.nurse_id, 'block_start', n.block_start))
      INTO moved_from, moved_to
      FROM old_visits o JOIN new_visits n ON n.id = o.id
      WHERE (o.nurse_id, o.block_start) IS DISTINCT FROM (n.nurse_id, n.block_start);
    IF moved_from IS NULL THEN RETURN NULL; END IF;
    PERFORM block_load_free(moved_from);
    PERFORM block_load_take(moved_to);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A foreign key on the counts made every hold check (and lock) its sector's row: half of what the
-- count's insert cost. A sector deleted takes its nurse_sectors rows with it, whose trigger
-- recounts the sector: to nothing.
ALTER TABLE block_load DROP CONSTRAINT block_load_sector_id_sectors_id_fk;
--> statement-breakpoint
ALTER TABLE block_load_freed DROP CONSTRAINT block_load_freed_sector_id_sectors_id_fk;
--> statement-breakpoint
-- Every availability answer reads a sector's month of counts: a few hundred rows that updates
-- scatter over as many heap pages. With the count in the key's index the read is index-only
-- (a page or a few instead of hundreds; the table is vacuumed soon after churn, migration 0008).
-- The cost: a count's update is no longer HOT, one more index entry per hold, for reads that are
-- many times more frequent than holds.
ALTER TABLE block_load DROP CONSTRAINT block_load_sector_id_block_start_skills_pk;
--> statement-breakpoint
ALTER TABLE block_load ADD CONSTRAINT block_load_sector_id_block_start_skills_pk
  PRIMARY KEY (sector_id, block_start, skills) INCLUDE (visits);
