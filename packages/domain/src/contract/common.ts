import { z } from 'zod';
import { DOCUMENT_TYPES, GENDERS } from '../constants.ts';
import { COUNTRY_CODES } from '../locale.ts';

/** Building blocks of the wire contract: snake_case as documented. */

export const countryCodeSchema = z.enum(COUNTRY_CODES);
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export const genderSchema = z.enum(GENDERS);
export const insuranceSchema = z.enum(['particular', 'fonasa']);

/** 'YYYY-MM-DD', a real calendar date. */
export const isoDateSchema = z.iso.date();
/** 'YYYY-MM-DD HH:mm:ss' (the form's date of birth, a block's begin and end). */
export const dateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, 'Fecha y hora no válidas.');

/** Appointment ids are random UUIDs, never guessable. */
export const appointmentIdSchema = z.uuid();
/** A path parameter: a non-empty id of reasonable size. */
export const pathIdSchema = z.string().trim().min(1).max(100);

export const amountSchema = z.number().finite().nonnegative();

/** A query value that may come once, repeated (ids=1&ids=2) or as a comma list; always an array here. */
export const queryListSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    const values = Array.isArray(value) ? value : [value];
    return values
      .flatMap((entry) => String(entry).split(','))
      .map((entry) => entry.trim())
      .filter(Boolean);
  },
  z.array(z.string().min(1).max(100)).max(200),
);

/** 'true'/'false' (and 1/0, yes/no) in a query string. */
export const queryBooleanSchema = z.union([z.boolean(), z.stringbool()]);

export const latitudeSchema = z.coerce.number().min(-90).max(90);
export const longitudeSchema = z.coerce.number().min(-180).max(180);

/** An answer that only says it went well. */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswerSchema>;
