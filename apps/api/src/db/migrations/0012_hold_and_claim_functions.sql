-- The two short transactions every booking makes, each in one round trip instead of five (BEGIN,
-- three statements, COMMIT): a call is one statement, so it is its own transaction, and each
-- statement inside sees a fresh snapshot (the functions are volatile), as the same statements sent
-- one by one in a READ COMMITTED transaction did. What is decided stays in the API: which nurses
-- may take the block and in which order, the amount, the gateway. docs/decisions has the record.

-- A hold: the appointment marked scheduled (which locks its row, so two holds of one appointment
-- queue), the block's lapsed holds and the appointment's own hold deleted, then the first nurse of
-- p_nurse_ids without a live visit in the block held. The unique indexes decide, never the read:
-- when the chosen nurse was taken meanwhile, the others are tried one by one. No nurse left:
-- SQLSTATE VH001 and nothing changed (the statement is undone, the previous hold kept). Answers
-- the new visit's id, or null when the appointment may not be scheduled any more.
CREATE FUNCTION visits_hold_block(
  p_appointment uuid,
  p_statuses text[],
  p_nurse_ids integer[],
  p_block_start timestamptz,
  p_block_end timestamptz,
  p_expires_at timestamptz,
  p_now timestamptz
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  candidate integer;
  held uuid;
BEGIN
  UPDATE appointments SET status = 'scheduled', updated_at = p_now
  WHERE id = p_appointment AND status = ANY (p_statuses);
  IF NOT FOUND THEN RETURN NULL; END IF;
  -- A lapsed hold another transaction is deleting or confirming is skipped, not waited for
  -- (waiting is how a hold and the sweep would deadlock); the insert waits for it through the index.
  DELETE FROM visits WHERE id IN (
    WITH lapsed AS (
      SELECT id FROM visits
      WHERE block_start = p_block_start AND status = 'hold' AND expires_at < p_now
      FOR UPDATE SKIP LOCKED
    )
    SELECT id FROM lapsed
    UNION ALL
    SELECT id FROM visits WHERE appointment_id = p_appointment AND status = 'hold'
  );
  INSERT INTO visits (appointment_id, nurse_id, block_start, block_end, status, expires_at)
  SELECT p_appointment, c.nurse, p_block_start, p_block_end, 'hold', p_expires_at
  FROM unnest(p_nurse_ids) WITH ORDINALITY AS c(nurse, rank)
  WHERE NOT EXISTS (
    SELECT 1 FROM visits v
    WHERE v.block_start = p_block_start AND v.nurse_id = c.nurse
      AND (v.status = 'confirmed' OR v.expires_at IS NULL OR v.expires_at > p_now)
  )
  ORDER BY c.rank
  LIMIT 1
  ON CONFLICT DO NOTHING
  RETURNING id INTO held;
  IF held IS NOT NULL THEN RETURN held; END IF;
  FOREACH candidate IN ARRAY p_nurse_ids LOOP
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM visits v
      WHERE v.block_start = p_block_start AND v.nurse_id = candidate
        AND (v.status = 'confirmed' OR v.expires_at IS NULL OR v.expires_at > p_now)
    );
    INSERT INTO visits (appointment_id, nurse_id, block_start, block_end, status, expires_at)
    VALUES (p_appointment, candidate, p_block_start, p_block_end, 'hold', p_expires_at)
    ON CONFLICT DO NOTHING
    RETURNING id INTO held;
    IF held IS NOT NULL THEN RETURN held; END IF;
  END LOOP;
  RAISE EXCEPTION 'block-not-available' USING ERRCODE = 'VH001';
END $$;
--> statement-breakpoint
-- A card payment's attempt claimed before the gateway is called: the appointment's row locked (so
-- two attempts on one appointment claim it one after the other), then, in this order, the
-- attempt's own payment (a double submit that got here first: 'twin'), the appointment no longer
-- scheduled ('not-payable'), another payment still open ('in-process'), else a 'processing'
-- payment inserted ('claimed'). Answers the outcome and the payment's id (none when refused).
CREATE FUNCTION payments_claim_attempt(
  p_appointment uuid,
  p_key text,
  p_gateway text,
  p_method text,
  p_amount double precision,
  p_currency text
) RETURNS TABLE (outcome text, payment_id uuid) LANGUAGE plpgsql AS $$
DECLARE
  current_status text;
  found_id uuid;
BEGIN
  SELECT status INTO current_status FROM appointments WHERE id = p_appointment FOR UPDATE;
  SELECT id INTO found_id FROM payments WHERE appointment_id = p_appointment AND idempotency_key = p_key;
  IF found_id IS NOT NULL THEN
    RETURN QUERY SELECT 'twin'::text, found_id;
    RETURN;
  END IF;
  IF current_status IS DISTINCT FROM 'scheduled' THEN
    RETURN QUERY SELECT 'not-payable'::text, NULL::uuid;
    RETURN;
  END IF;
  IF EXISTS (
    SELECT 1 FROM payments WHERE appointment_id = p_appointment AND status IN ('processing', 'pending')
  ) THEN
    RETURN QUERY SELECT 'in-process'::text, NULL::uuid;
    RETURN;
  END IF;
  INSERT INTO payments (appointment_id, idempotency_key, gateway, method, status, amount, currency)
  VALUES (p_appointment, p_key, p_gateway, p_method, 'processing', p_amount, p_currency)
  RETURNING id INTO found_id;
  RETURN QUERY SELECT 'claimed'::text, found_id;
END $$;
