-- A nurse's extra shift on a date covers a visit as a weekly shift does: the roster guard counts
-- it, and losing it (edited or deleted) is refused while a visit of hers needs it. Every instance
-- is told when one changes, as for weekly shifts.
CREATE OR REPLACE FUNCTION nurse_uncovered_visits(nurse integer) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
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
      OR (NOT EXISTS (
        SELECT 1 FROM nurse_shifts s,
          LATERAL (SELECT v.block_start AT TIME ZONE s.time_zone AS local_start) AS l
        WHERE s.nurse_id = n.id AND s.weekday = extract(isodow FROM l.local_start)
          AND visita_clock_minutes(s.starts_at) <= extract(hour FROM l.local_start) * 60 + extract(minute FROM l.local_start)
          AND extract(hour FROM l.local_start) * 60 + extract(minute FROM l.local_start)
            + extract(epoch FROM v.block_end - v.block_start) / 60 <= visita_clock_minutes(s.ends_at))
        AND NOT EXISTS (
        SELECT 1 FROM nurse_extra_shifts x,
          LATERAL (SELECT v.block_start AT TIME ZONE x.time_zone AS local_start) AS l
        WHERE x.nurse_id = n.id AND x.day = l.local_start::date
          AND visita_clock_minutes(x.starts_at) <= extract(hour FROM l.local_start) * 60 + extract(minute FROM l.local_start)
          AND extract(hour FROM l.local_start) * 60 + extract(minute FROM l.local_start)
            + extract(epoch FROM v.block_end - v.block_start) / 60 <= visita_clock_minutes(x.ends_at)))
      OR EXISTS (
        SELECT 1 FROM appointment_needed_skills(a.patients) AS k(skill) WHERE NOT n.skills ? k.skill)
    )
$$;
--> statement-breakpoint
CREATE TRIGGER nurse_extra_shifts_roster_guard_update AFTER UPDATE ON nurse_extra_shifts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
--> statement-breakpoint
CREATE TRIGGER nurse_extra_shifts_roster_guard_delete AFTER DELETE ON nurse_extra_shifts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_guard();
--> statement-breakpoint
CREATE TRIGGER nurse_extra_shifts_roster AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON nurse_extra_shifts
  FOR EACH STATEMENT EXECUTE FUNCTION nurse_roster_changed();
