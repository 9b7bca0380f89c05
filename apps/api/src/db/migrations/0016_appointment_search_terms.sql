CREATE TABLE "appointment_search_terms" (
	"appointment_id" uuid NOT NULL,
	"term" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointment_search_terms_appointment_id_term_pk" PRIMARY KEY("appointment_id","term")
);
--> statement-breakpoint
ALTER TABLE "appointment_search_terms" ADD CONSTRAINT "appointment_search_terms_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_search_terms_term_idx" ON "appointment_search_terms" USING btree ("term" text_pattern_ops,"appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at","id");
--> statement-breakpoint
-- The search's one alphabet, as foldSearchText (src/search-text.ts) writes it: accents removed
-- (translate(), since neither engine has unaccent here; the letters whose NFKD is one a-z letter),
-- lower-case, anything but a-z and 0-9 as one space. console-routes.test.ts checks both agree.
CREATE FUNCTION visita_fold_search(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(translate(coalesce(value, ''),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ',
    'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzsOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyAaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwysAaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy')), '[^a-z0-9]+', ' ', 'g'))
$$;
--> statement-breakpoint
-- The words an appointment is found by (schema.ts, appointmentSearchTerms): each patient's name
-- words, document without punctuation, e-mail, and phone digits with their last 10, 9 and 8.
CREATE FUNCTION appointment_search_terms_of(patients jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT left(term, 200) FROM (
    SELECT word AS term
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(patients) = 'array' THEN patients ELSE '[]'::jsonb END) AS p(patient),
      unnest(ARRAY[patient->>'first_name', patient->>'second_name', patient->>'last_name', patient->>'second_last_name']) AS n(name),
      regexp_split_to_table(visita_fold_search(name), ' ') AS w(word)
    UNION ALL
    SELECT lower(regexp_replace(patient->>'document_number', '[^0-9a-zA-Z]+', '', 'g'))
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(patients) = 'array' THEN patients ELSE '[]'::jsonb END) AS p(patient)
    UNION ALL
    SELECT lower(btrim(patient->>'email'))
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(patients) = 'array' THEN patients ELSE '[]'::jsonb END) AS p(patient)
    WHERE position('@' in coalesce(patient->>'email', '')) > 0
    UNION ALL
    SELECT CASE WHEN s.size IS NULL THEN d.digits WHEN length(d.digits) > s.size THEN right(d.digits, s.size) END
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(patients) = 'array' THEN patients ELSE '[]'::jsonb END) AS p(patient),
      regexp_replace(coalesce(patient->>'phone', ''), '[^0-9]+', '', 'g') AS d(digits),
      (VALUES (NULL::int), (10), (9), (8)) AS s(size)
  ) AS terms
  WHERE term IS NOT NULL AND term <> ''
$$;
--> statement-breakpoint
-- Rewrites an appointment's terms in the transaction that changed its patients (or, in tests, its
-- creation time).
CREATE FUNCTION appointment_search_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM appointment_search_terms WHERE appointment_id = NEW.id;
  END IF;
  INSERT INTO appointment_search_terms (appointment_id, term, created_at)
  SELECT NEW.id, t.term, NEW.created_at FROM appointment_search_terms_of(NEW.patients) AS t(term);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointment_search_terms_inserted AFTER INSERT ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointment_search_terms_sync();
--> statement-breakpoint
CREATE TRIGGER appointment_search_terms_updated AFTER UPDATE OF patients, created_at ON appointments
  FOR EACH ROW WHEN (OLD.patients IS DISTINCT FROM NEW.patients OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION appointment_search_terms_sync();
--> statement-breakpoint
-- The appointments booked before this migration.
INSERT INTO appointment_search_terms (appointment_id, term, created_at)
SELECT a.id, t.term, a.created_at FROM appointments a, appointment_search_terms_of(a.patients) AS t(term);
