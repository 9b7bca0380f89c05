CREATE TABLE "block_load" (
	"sector_id" integer NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"skills" jsonb NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "block_load_sector_id_block_start_skills_pk" PRIMARY KEY("sector_id","block_start","skills")
);
--> statement-breakpoint
CREATE TABLE "block_load_freed" (
	"sector_id" integer NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"skills" jsonb NOT NULL,
	"visits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_load" ADD CONSTRAINT "block_load_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_load_freed" ADD CONSTRAINT "block_load_freed_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_load_freed_sector_idx" ON "block_load_freed" USING btree ("sector_id","block_start");--> statement-breakpoint
-- Recounts whole sectors from their visits: after a nurse joins or leaves a sector or changes skills,
-- which moves all her visits from one count to another. Writers of visits wait meanwhile; freed
-- rows go first, as the compaction takes them, so the two never wait on each other in a circle.
CREATE FUNCTION block_load_recount(sector_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE visits IN SHARE MODE;
  DELETE FROM block_load_freed WHERE sector_id = ANY(sector_ids);
  DELETE FROM block_load WHERE sector_id = ANY(sector_ids);
  INSERT INTO block_load (sector_id, block_start, skills, visits)
  SELECT ns.sector_id, v.block_start, n.skills, count(*)::int
  FROM visits v
  JOIN nurses n ON n.id = v.nurse_id
  JOIN nurse_sectors ns ON ns.nurse_id = v.nurse_id AND ns.sector_id = ANY(sector_ids)
  GROUP BY ns.sector_id, v.block_start, n.skills;
END $$;
--> statement-breakpoint
-- Visits taken (inserted, or moved to a nurse or block) count at once, in key order; visits freed
-- (deleted, or moved away) are written to block_load_freed, which nobody updates. So a
-- transaction locks counts of the one block it takes, and never waits for another's counts while
-- holding its own. The rows come as JSON: a transition table is visible only inside the trigger.
CREATE FUNCTION block_load_take(taken jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO block_load (sector_id, block_start, skills, visits)
  SELECT ns.sector_id, t.block_start, n.skills, count(*)::int
  FROM jsonb_to_recordset(taken) AS t(nurse_id integer, block_start timestamptz)
  JOIN nurses n ON n.id = t.nurse_id
  JOIN nurse_sectors ns ON ns.nurse_id = t.nurse_id
  GROUP BY ns.sector_id, t.block_start, n.skills
  ORDER BY ns.sector_id, t.block_start, n.skills
  ON CONFLICT (sector_id, block_start, skills) DO UPDATE SET visits = block_load.visits + excluded.visits
$$;
--> statement-breakpoint
CREATE FUNCTION block_load_free(freed jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO block_load_freed (sector_id, block_start, skills, visits)
  SELECT ns.sector_id, f.block_start, n.skills, count(*)::int
  FROM jsonb_to_recordset(freed) AS f(nurse_id integer, block_start timestamptz)
  JOIN nurses n ON n.id = f.nurse_id
  JOIN nurse_sectors ns ON ns.nurse_id = f.nurse_id
  GROUP BY ns.sector_id, f.block_start, n.skills
$$;
--> statement-breakpoint
-- Each branch names only the transition tables its operation has (plpgsql plans a statement when
-- it first runs). A confirmation moves nothing and counts nothing.
CREATE FUNCTION visits_block_load() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM block_load_take((SELECT jsonb_agg(jsonb_build_object('nurse_id', nurse_id, 'block_start', block_start)) FROM new_visits));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM block_load_free((SELECT jsonb_agg(jsonb_build_object('nurse_id', nurse_id, 'block_start', block_start)) FROM old_visits));
  ELSE
    PERFORM block_load_free((SELECT jsonb_agg(jsonb_build_object('nurse_id', o.nurse_id, 'block_start', o.block_start))
      FROM old_visits o JOIN new_visits n ON n.id = o.id
      WHERE (o.nurse_id, o.block_start) IS DISTINCT FROM (n.nurse_id, n.block_start)));
    PERFORM block_load_take((SELECT jsonb_agg(jsonb_build_object('nurse_id', n.nurse_id, 'block_start', n.block_start))
      FROM old_visits o JOIN new_visits n ON n.id = o.id
      WHERE (o.nurse_id, o.block_start) IS DISTINCT FROM (n.nurse_id, n.block_start)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_block_load_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS new_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_block_load();
--> statement-breakpoint
CREATE TRIGGER visits_block_load_delete AFTER DELETE ON visits REFERENCING OLD TABLE AS old_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_block_load();
--> statement-breakpoint
CREATE TRIGGER visits_block_load_update AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_visits NEW TABLE AS new_visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_block_load();
--> statement-breakpoint
CREATE FUNCTION visits_block_load_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM block_load_freed;
  DELETE FROM block_load;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_block_load_truncate AFTER TRUNCATE ON visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_block_load_truncate();
--> statement-breakpoint
-- Folds the freed visits into the counts (any instance, every few seconds): one statement, in key
-- order. A concurrent compaction skips the rows this one took.
CREATE FUNCTION block_load_compact() RETURNS integer LANGUAGE sql AS $$
  WITH freed AS (DELETE FROM block_load_freed RETURNING sector_id, block_start, skills, visits),
  folded AS (
    INSERT INTO block_load (sector_id, block_start, skills, visits)
    SELECT sector_id, block_start, skills, -sum(visits)::int FROM freed
    GROUP BY sector_id, block_start, skills
    ORDER BY sector_id, block_start, skills
    ON CONFLICT (sector_id, block_start, skills) DO UPDATE SET visits = block_load.visits + excluded.visits
    RETURNING 1
  )
  SELECT count(*)::int FROM folded
$$;
--> statement-breakpoint
-- A nurse who joins or leaves sectors, or whose skills change: her sectors are recounted. And every
-- instance is told that who works when changed (the roster it keeps in memory), whoever changed it.
CREATE FUNCTION nurse_roster_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_TABLE_NAME = 'nurse_sectors' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT array_agg(DISTINCT sector_id) INTO touched FROM new_rows;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      SELECT array_cat(touched, array_agg(DISTINCT sector_id)) INTO touched FROM old_rows;
    END IF;
  ELSIF TG_TABLE_NAME = 'nurses' AND TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT ns.sector_id) INTO touched
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN nurse_sectors ns ON ns.nurse_id = n.id
    WHERE o.skills IS DISTINCT FROM n.skills;
  END IF;
  IF touched IS NOT NULL AND cardinality(touched) > 0 THEN
    PERFORM block_load_recount(touched);
  END IF;
  PERFORM pg_notify('visita_changes', '{"topic":"roster","origin":"database"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nurse_sectors_roster_insert AFTER INSERT ON nurse_sectors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
CREATE TRIGGER nurse_sectors_roster_delete AFTER DELETE ON nurse_sectors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
CREATE TRIGGER nurse_sectors_roster_update AFTER UPDATE ON nurse_sectors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
CREATE TRIGGER nurses_roster_update AFTER UPDATE ON nurses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
CREATE TRIGGER nurses_roster_insert_delete AFTER INSERT OR DELETE ON nurses
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
CREATE TRIGGER nurse_shifts_roster AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON nurse_shifts
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
CREATE TRIGGER nurse_days_off_roster AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON nurse_days_off
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
CREATE TRIGGER sectors_roster AFTER INSERT OR UPDATE OR DELETE ON sectors
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
--> statement-breakpoint
-- The visits that exist already.
INSERT INTO block_load (sector_id, block_start, skills, visits)
SELECT ns.sector_id, v.block_start, n.skills, count(*)::int
FROM visits v JOIN nurses n ON n.id = v.nurse_id JOIN nurse_sectors ns ON ns.nurse_id = v.nurse_id
GROUP BY ns.sector_id, v.block_start, n.skills;
--> statement-breakpoint
-- Counts are updated in place all day: room on each page keeps an update on its page (HOT), and a
-- vacuum soon after churn keeps the few hundred rows a sector reads on few pages.
ALTER TABLE block_load SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 200, autovacuum_analyze_scale_factor = 0.05);
