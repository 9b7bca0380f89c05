ALTER TABLE "nurses" ADD COLUMN "document" text;--> statement-breakpoint
ALTER TABLE "nurses" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "nurses" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "kept_off_roster" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- 'HH:MM' as minutes of the day ('24:00' is 1440).
CREATE FUNCTION visita_clock_minutes(clock text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT split_part(clock, ':', 1)::int * 60 + split_part(clock, ':', 2)::int
$$;
--> statement-breakpoint
-- The skills an appointment's visit needs: its items' skills, a pack's through its sub-items (the
-- pack's own only when it lists none), as neededSkills (scheduling/cart-skills.ts) reads them.
CREATE FUNCTION appointment_needed_skills(patients jsonb) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT DISTINCT coalesce(sub.skill, ci.skill)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(patients) = 'array' THEN patients ELSE '[]'::jsonb END) AS p(patient),
    jsonb_array_elements(
      (CASE WHEN jsonb_typeof(patient->'items') = 'array' THEN patient->'items' ELSE '[]'::jsonb END) ||
      (CASE WHEN jsonb_typeof(patient->'packs') = 'array' THEN patient->'packs' ELSE '[]'::jsonb END)) AS e(entry),
    LATERAL (SELECT CASE jsonb_typeof(entry) WHEN 'object' THEN entry->>'id' ELSE entry #>> '{}' END AS raw) AS r
    JOIN catalogue_items ci ON r.raw ~ '^[0-9]{1,9}$' AND ci.id = r.raw::int
    LEFT JOIN pack_items pi ON ci.resourcetype IS NULL AND pi.pack_id = ci.id
    LEFT JOIN catalogue_items sub ON sub.id = pi.item_id
$$;
--> statement-breakpoint
-- A nurse's visits still to come (confirmed, or holds not lapsed) that her roster no longer
-- offers: she is inactive, out of the visit's sector, off that day, on no shift covering the
-- block, or without a skill the visit needs; unless a coordinator kept the visit with her.
CREATE FUNCTION nurse_uncovered_visits(nurse integer) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
  SELECT v.id FROM visits v
  JOIN nurses n ON n.id = v.nurse_id
  JOIN appointments a ON a.id = v.appointment_id
  WHERE v.nurse_id = nurse AND v.block_end > now() AND NOT v.kept_off_roster
    AND (v.status = 'confirmed' OR v.expires_at > now())
    AND (
      NOT n.active
      OR (a.sector_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM nurse_sectors ns WHERE ns.nurse_id = n.id AND ns.sector_id = a.sector_id))
      OR EXISTS (SELECT 1 FROM nurse_days_off d WHERE d.nurse_id = n.id AND d.day = v.local_day)
      OR NOT EXISTS (
        SELECT 1 FROM nurse_shifts s,
          LATERAL (SELECT v.block_start AT TIME ZONE s.time_zone AS local_start) AS l
        WHERE s.nurse_id = n.id AND s.weekday = extract(isodow FROM l.local_start)
          AND visita_clock_minutes(s.starts_at) <= extract(hour FROM l.local_start) * 60 + extract(minute FROM l.local_start)
          AND extract(hour FROM l.local_start) * 60 + extract(minute FROM l.local_start)
            + extract(epoch FROM v.block_end - v.block_start) / 60 <= visita_clock_minutes(s.ends_at))
      OR EXISTS (
        SELECT 1 FROM appointment_needed_skills(a.patients) AS k(skill) WHERE NOT n.skills ? k.skill)
    )
$$;
--> statement-breakpoint
-- The roster guard: a change to a nurse's roster that would leave a visit of hers without its
-- block is refused whoever makes it (the console lists them first, to reassign or keep). Checked
-- after each statement, so a new shift is written before the old one is deleted.
CREATE FUNCTION nurse_roster_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  orphans uuid[];
BEGIN
  IF TG_TABLE_NAME = 'nurses' THEN
    SELECT array_agg(DISTINCT id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT nurse_id) INTO touched FROM new_rows;
  ELSE
    SELECT array_agg(DISTINCT nurse_id) INTO touched FROM old_rows;
  END IF;
  SELECT array_agg(u.id) INTO orphans FROM unnest(touched) AS t(nurse), nurse_uncovered_visits(t.nurse) AS u(id);
  IF orphans IS NOT NULL THEN
    RAISE EXCEPTION 'visita-roster-orphans' USING ERRCODE = 'VR001', DETAIL = array_to_string(orphans, ',');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nurses_roster_guard AFTER UPDATE ON nurses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
--> statement-breakpoint
CREATE TRIGGER nurse_shifts_roster_guard_update AFTER UPDATE ON nurse_shifts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
--> statement-breakpoint
CREATE TRIGGER nurse_shifts_roster_guard_delete AFTER DELETE ON nurse_shifts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
--> statement-breakpoint
CREATE TRIGGER nurse_days_off_roster_guard AFTER INSERT ON nurse_days_off REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
--> statement-breakpoint
CREATE TRIGGER nurse_sectors_roster_guard_update AFTER UPDATE ON nurse_sectors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
--> statement-breakpoint
CREATE TRIGGER nurse_sectors_roster_guard_delete AFTER DELETE ON nurse_sectors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
