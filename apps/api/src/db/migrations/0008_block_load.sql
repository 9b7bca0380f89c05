CREATE TABLE "block_load" (
	"sector_id" integer NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"skills" jsonb NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "block_load_sector_id_block_start_skills_pk" PRIMARY KEY("sector_id","block_start","skills")
);
--> statement-breakpoint
ALTER TABLE "block_load" ADD CONSTRAINT "block_load_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Recounts whole sectors from their visits: after a nurse joins or leaves a sector or changes skills,
-- which moves all her visits from one count to another. Writers of visits wait meanwhile.
CREATE FUNCTION block_load_recount(sector_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE visits IN SHARE MODE;
  DELETE FROM block_load WHERE sector_id = ANY(sector_ids);
  INSERT INTO block_load (sector_id, block_start, skills, visits)
  SELECT ns.sector_id, v.block_start, n.skills, count(*)::int
  FROM visits v
  JOIN nurses n ON n.id = v.nurse_id
  JOIN nurse_sectors ns ON ns.nurse_id = v.nurse_id AND ns.sector_id = ANY(sector_ids)
  GROUP BY ns.sector_id, v.block_start, n.skills;
END $$;
--> statement-breakpoint
-- Counts the visits a statement inserted (+1), deleted (-1) or moved to another nurse or block (-1
-- where it was, +1 where it is; a confirmation moves nothing) for every sector their nurses serve.
-- Rows are upserted in key order, so statements touching the same rows lock them in the same order.
-- (The trigger passes its rows as JSON: a transition table is visible only inside the trigger.)
CREATE FUNCTION block_load_add(changed jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO block_load (sector_id, block_start, skills, visits)
  SELECT ns.sector_id, c.block_start, n.skills, sum(c.sign)::int
  FROM jsonb_to_recordset(changed) AS c(nurse_id integer, block_start timestamptz, sign integer)
  JOIN nurses n ON n.id = c.nurse_id
  JOIN nurse_sectors ns ON ns.nurse_id = c.nurse_id
  GROUP BY ns.sector_id, c.block_start, n.skills
  HAVING sum(c.sign) <> 0
  ORDER BY ns.sector_id, c.block_start, n.skills
  ON CONFLICT (sector_id, block_start, skills) DO UPDATE SET visits = block_load.visits + excluded.visits
$$;
--> statement-breakpoint
-- Each branch names only the transition tables its operation has (plpgsql plans a statement when
-- it first runs, so the others are never planned).
CREATE FUNCTION visits_block_load() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM block_load_add((SELECT jsonb_agg(jsonb_build_object('nurse_id', nurse_id, 'block_start', block_start, 'sign', 1)) FROM new_visits));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM block_load_add((SELECT jsonb_agg(jsonb_build_object('nurse_id', nurse_id, 'block_start', block_start, 'sign', -1)) FROM old_visits));
  ELSE
    PERFORM block_load_add((SELECT jsonb_agg(m.change) FROM (
      SELECT jsonb_build_object('nurse_id', o.nurse_id, 'block_start', o.block_start, 'sign', -1) AS change
        FROM old_visits o JOIN new_visits n ON n.id = o.id
        WHERE (o.nurse_id, o.block_start) IS DISTINCT FROM (n.nurse_id, n.block_start)
      UNION ALL
      SELECT jsonb_build_object('nurse_id', n.nurse_id, 'block_start', n.block_start, 'sign', 1)
        FROM old_visits o JOIN new_visits n ON n.id = o.id
        WHERE (o.nurse_id, o.block_start) IS DISTINCT FROM (n.nurse_id, n.block_start)) m));
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
  DELETE FROM block_load;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_block_load_truncate AFTER TRUNCATE ON visits
  FOR EACH STATEMENT EXECUTE FUNCTION visits_block_load_truncate();
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
