ALTER TABLE "appointments" ADD COLUMN "cancelled_block_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_block_end" timestamp with time zone;--> statement-breakpoint
-- Bookings cancelled before this column existed: the block their cancellation e-mail told, where
-- the outbox still has it.
UPDATE "appointments" a
SET "cancelled_block_start" = (o.payload->>'begin')::timestamptz,
    "cancelled_block_end" = (o.payload->>'end')::timestamptz
FROM (
  SELECT DISTINCT ON (appointment_id) appointment_id, payload
  FROM "outbox_events"
  WHERE topic = 'appointment.cancelled' AND payload ? 'begin' AND payload ? 'end'
  ORDER BY appointment_id, created_at
) o
WHERE a.id = o.appointment_id AND a.status = 'cancelled' AND a.cancelled_block_start IS NULL;
