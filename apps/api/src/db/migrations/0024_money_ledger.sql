DROP INDEX "payments_one_approved_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_approved_idx" ON "payments" USING btree ("appointment_id") WHERE "payments"."status" in ('approved', 'cash') and "payments"."gateway" <> 'console';
--> statement-breakpoint
-- One truth about a booking's money (docs/decisions/money-ledger.md). The quote is frozen when a
-- card payment is claimed, or at the latest in the confirmation's own statement; from then on
-- what it prices cannot change, whatever path asks. Every path meets here, so the rules are the
-- database's, not each route's:
--   * a cart (patients, coupon, source, commune, partner, staff amounts) under a frozen quote, or
--     of a confirmed or cancelled booking, is not changed (VM001: 409 cart-frozen);
--   * a quote is dropped or replaced only while nothing is charged, being charged or confirmed;
--   * a confirmation carries a quote of the very cart it confirms (its md5) whose parts add up:
--     online + at the address + the company = total (VM002);
--   * the visit's nurse has every skill the cart needs, at the hold and at any cart change (VS001).
-- Collections at the address recorded in the console are entries of their own (the index above no
-- longer counts them as a second charge). Erasing a person's data (retention, forget-patient) changes the patients of ended bookings: it
-- says so with the transaction-local setting visita.erasing.
CREATE FUNCTION appointments_money_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cart_changed boolean;
  money_moving boolean;
BEGIN
  IF coalesce(current_setting('visita.erasing', true), '') = 'on' THEN RETURN NEW; END IF;
  cart_changed := NEW.patients IS DISTINCT FROM OLD.patients
    OR NEW.coupon_code IS DISTINCT FROM OLD.coupon_code
    OR NEW.sales_source IS DISTINCT FROM OLD.sales_source
    OR NEW.comuna IS DISTINCT FROM OLD.comuna
    OR NEW.client_id IS DISTINCT FROM OLD.client_id
    OR NEW.amounts IS DISTINCT FROM OLD.amounts;
  IF cart_changed THEN
    IF OLD.status IN ('confirmed', 'cancelled') OR (OLD.status = 'scheduled' AND OLD.quote IS NOT NULL) THEN
      RAISE EXCEPTION 'cart-frozen' USING ERRCODE = 'VM001';
    END IF;
    -- A quote left on a booking that lapsed or went back to pending no longer prices it.
    IF NEW.quote IS NOT DISTINCT FROM OLD.quote THEN NEW.quote := NULL; END IF;
  END IF;
  -- Held again after it lapsed, nothing being paid: the old quote prices nothing any more.
  IF OLD.status = 'expired' AND NEW.status = 'scheduled' AND NEW.quote IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM payments p WHERE p.appointment_id = OLD.id
        AND p.status IN ('processing', 'pending', 'approved')) THEN
    NEW.quote := NULL;
  END IF;
  IF OLD.quote IS NOT NULL AND NEW.quote IS DISTINCT FROM OLD.quote AND NOT cart_changed THEN
    money_moving := OLD.status IN ('confirmed', 'cancelled') OR EXISTS (
      SELECT 1 FROM payments p WHERE p.appointment_id = OLD.id
        AND p.status IN ('processing', 'pending', 'approved'));
    IF money_moving THEN RAISE EXCEPTION 'cart-frozen' USING ERRCODE = 'VM001'; END IF;
  END IF;
  IF NEW.status = 'confirmed' AND OLD.status IS DISTINCT FROM 'confirmed' THEN
    IF NEW.quote IS NULL
      OR NEW.quote->>'cart_hash' IS DISTINCT FROM md5(NEW.patients::text)
      OR NEW.quote->>'coupon_code' IS DISTINCT FROM NEW.coupon_code
      OR (NEW.quote#>>'{due,online}')::numeric < 0
      OR (NEW.quote#>>'{due,at_address}')::numeric < 0
      OR (NEW.quote#>>'{due,company}')::numeric < 0
      OR abs((NEW.quote#>>'{due,online}')::numeric + (NEW.quote#>>'{due,at_address}')::numeric
        + (NEW.quote#>>'{due,company}')::numeric - (NEW.quote#>>'{due,total}')::numeric) >= 0.005
    THEN
      RAISE EXCEPTION 'quote-mismatch' USING ERRCODE = 'VM002';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_money_guard BEFORE UPDATE ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_money_guard();
--> statement-breakpoint
-- At the confirmation's commit, what was recorded proves the frozen quote: the card charges
-- approved equal what was due online (a collection the staff recorded with it is the console's), the company's rows what it owes, a pay-at-home row what is
-- due at the address. Deferred, so the payment rows written after the status in the same
-- transaction count; a mismatch undoes the whole confirmation (a charge is then refunded).
CREATE FUNCTION appointments_confirmation_proof() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  charged numeric;
  billed numeric;
  cash numeric;
  cash_rows integer;
BEGIN
  SELECT coalesce(sum(amount) FILTER (WHERE status = 'approved' AND gateway <> 'console'), 0),
         coalesce(sum(amount) FILTER (WHERE status = 'company_billed'), 0),
         coalesce(sum(amount) FILTER (WHERE status = 'cash'), 0),
         count(*) FILTER (WHERE status = 'cash')
    INTO charged, billed, cash, cash_rows
    FROM payments WHERE appointment_id = NEW.id;
  IF abs(charged - (NEW.quote#>>'{due,online}')::numeric) >= 0.005
    OR abs(billed - (NEW.quote#>>'{due,company}')::numeric) >= 0.005
    OR (cash_rows > 0 AND abs(cash - (NEW.quote#>>'{due,at_address}')::numeric) >= 0.005)
  THEN
    RAISE EXCEPTION 'quote-mismatch' USING ERRCODE = 'VM002';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER appointments_confirmation_proof AFTER UPDATE ON appointments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.status = 'confirmed' AND OLD.status IS DISTINCT FROM 'confirmed')
  EXECUTE FUNCTION appointments_confirmation_proof();
--> statement-breakpoint
-- The nurse a visit is given to does every service of its cart (a coordinator's deliberate
-- exception, kept_off_roster, excepted), checked when the visit is made or given to someone else.
CREATE FUNCTION visit_nurse_lacks_skill(p_nurse integer, p_patients jsonb) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM nurses n, appointment_needed_skills(p_patients) AS k(skill)
    WHERE n.id = p_nurse AND NOT n.skills ? k.skill)
$$;
--> statement-breakpoint
CREATE FUNCTION visits_skill_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kept_off_roster THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.nurse_id = OLD.nurse_id AND NEW.appointment_id = OLD.appointment_id THEN
    RETURN NEW;
  END IF;
  IF visit_nurse_lacks_skill(NEW.nurse_id, (SELECT patients FROM appointments WHERE id = NEW.appointment_id)) THEN
    RAISE EXCEPTION 'nurse-lacks-skill' USING ERRCODE = 'VS001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_skill_guard BEFORE INSERT OR UPDATE OF nurse_id, appointment_id ON visits
  FOR EACH ROW EXECUTE FUNCTION visits_skill_guard();
--> statement-breakpoint
-- A cart changed under a live visit (finalize after the hold) keeps within what its nurse does.
CREATE FUNCTION appointments_skill_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM visits v
    WHERE v.appointment_id = NEW.id AND NOT v.kept_off_roster
      AND (v.status = 'confirmed' OR v.expires_at > now())
      AND visit_nurse_lacks_skill(v.nurse_id, NEW.patients))
  THEN
    RAISE EXCEPTION 'nurse-lacks-skill' USING ERRCODE = 'VS001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_skill_guard BEFORE UPDATE OF patients ON appointments
  FOR EACH ROW WHEN (NEW.patients IS DISTINCT FROM OLD.patients
    AND coalesce(current_setting('visita.erasing', true), '') <> 'on')
  EXECUTE FUNCTION appointments_skill_guard();
--> statement-breakpoint
-- A hold is never confirmed onto a nurse who is off that day (her absence was applied while the
-- person was paying): VS002, answered as 409 nurse-off, and a card charged for it is refunded. A
-- coordinator's deliberate exception (kept_off_roster, set on her nurse page) stays possible.
CREATE FUNCTION visits_day_off_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM nurse_days_off d WHERE d.nurse_id = NEW.nurse_id AND d.day = NEW.local_day) THEN
    RAISE EXCEPTION 'nurse-off' USING ERRCODE = 'VS002';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_day_off_guard BEFORE UPDATE OF status ON visits
  FOR EACH ROW WHEN (NEW.status = 'confirmed' AND OLD.status = 'hold' AND NOT NEW.kept_off_roster)
  EXECUTE FUNCTION visits_day_off_guard();
