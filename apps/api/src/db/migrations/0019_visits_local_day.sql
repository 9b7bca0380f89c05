ALTER TABLE "visits" ADD COLUMN "local_day" date;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "appointment_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "visits_local_day_idx" ON "visits" USING btree ("local_day","appointment_created_at","appointment_id");--> statement-breakpoint
-- A visit's day as the console searches it: the block's start on its sector's wall clock, else
-- its country's (COUNTRY_TIME_ZONES in packages/domain; console-search.test.ts checks they agree).
CREATE FUNCTION visit_local_day(block_start timestamptz, sector_id integer, country text) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (block_start AT TIME ZONE coalesce(
    (SELECT s.time_zone FROM sectors s WHERE s.id = sector_id),
    CASE country WHEN 'cl' THEN 'America/Santiago' WHEN 'mx' THEN 'America/Mexico_City' END))::date
$$;
--> statement-breakpoint
CREATE FUNCTION visits_local_day_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.created_at, visit_local_day(NEW.block_start, a.sector_id, a.country)
  INTO NEW.appointment_created_at, NEW.local_day
  FROM appointments a WHERE a.id = NEW.appointment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_local_day_inserted BEFORE INSERT ON visits
  FOR EACH ROW EXECUTE FUNCTION visits_local_day_set();
--> statement-breakpoint
CREATE TRIGGER visits_local_day_updated BEFORE UPDATE OF block_start, appointment_id ON visits
  FOR EACH ROW EXECUTE FUNCTION visits_local_day_set();
--> statement-breakpoint
-- An appointment whose creation (in tests), sector or country changes carries its visit along.
CREATE FUNCTION visits_local_day_of_appointment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visits SET appointment_created_at = NEW.created_at,
    local_day = visit_local_day(block_start, NEW.sector_id, NEW.country)
  WHERE appointment_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_local_day_appointment_updated AFTER UPDATE OF created_at, sector_id, country ON appointments
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.sector_id IS DISTINCT FROM NEW.sector_id OR OLD.country IS DISTINCT FROM NEW.country)
  EXECUTE FUNCTION visits_local_day_of_appointment();
--> statement-breakpoint
-- And a sector whose time zone changes, its visits.
CREATE FUNCTION visits_local_day_of_sector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visits v SET local_day = visit_local_day(v.block_start, a.sector_id, a.country)
  FROM appointments a WHERE a.sector_id = NEW.id AND v.appointment_id = a.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_local_day_sector_updated AFTER UPDATE OF time_zone ON sectors
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION visits_local_day_of_sector();
--> statement-breakpoint
-- The visits booked before this migration.
UPDATE visits v SET appointment_created_at = a.created_at,
  local_day = visit_local_day(v.block_start, a.sector_id, a.country)
FROM appointments a WHERE v.appointment_id = a.id;
