/**
 * The console's nurses: who they are, what they can do, where and when they work (weekly shifts,
 * and extra shifts on a date). A change that
 * would take a booked visit's block away from her (a shorter shift, a sector or skill removed,
 * deactivation) is answered first with the visits it affects (`impact`); it saves only once each
 * is moved to someone else or kept with her (`keep_visit_ids`). The database refuses the rest.
 */
import { z } from 'zod';
import { isoDateSchema, queryBooleanSchema } from './common.ts';
import { consoleNurseParamsSchema } from './console-agenda.ts';
import { refineSafeText } from './safe-text.ts';

export const NURSE_SKILLS = ['lab', 'vaccine', 'medical_service'] as const;
export type NurseSkill = (typeof NURSE_SKILLS)[number];

/** The skill's name as the console shows it. */
export const NURSE_SKILL_LABELS: Record<NurseSkill, string> = {
  lab: 'Toma de muestras',
  vaccine: 'Vacunación',
  medical_service: 'Servicios médicos',
};

export const WEEKDAY_LABELS = [
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
] as const;

/** The most shifts a nurse's week holds (three a day). */
export const NURSE_SHIFTS_MAX = 21;

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A weekly shift in the sector's time zone: ISO weekday (1 = lunes), 'HH:MM' to 'HH:MM'. */
export const nurseShiftSchema = z
  .object({
    weekday: z.number().int().min(1, 'El día no es válido.').max(7, 'El día no es válido.'),
    starts_at: z.string().regex(CLOCK, 'La hora de inicio debe tener el formato HH:MM.'),
    ends_at: z.string().regex(CLOCK, 'La hora de término debe tener el formato HH:MM.'),
  })
  .refine(({ starts_at, ends_at }) => minutesOf(ends_at) - minutesOf(starts_at) >= 60, {
    message: 'Un turno dura al menos una hora y termina después de empezar.',
    path: ['ends_at'],
  });
export type NurseShift = z.infer<typeof nurseShiftSchema>;

/** The most extra shifts from today on a nurse holds. */
export const NURSE_EXTRA_SHIFTS_MAX = 60;

/** An extra shift on one local date in the sector's time zone, beside the weekly ones. */
export const nurseExtraShiftSchema = z
  .object({
    date: z.iso.date({ error: 'La fecha debe ser una fecha válida, AAAA-MM-DD.' }),
    starts_at: z.string().regex(CLOCK, 'La hora de inicio debe tener el formato HH:MM.'),
    ends_at: z.string().regex(CLOCK, 'La hora de término debe tener el formato HH:MM.'),
  })
  .refine(({ starts_at, ends_at }) => minutesOf(ends_at) - minutesOf(starts_at) >= 60, {
    message: 'Un turno dura al menos una hora y termina después de empezar.',
    path: ['ends_at'],
  });
export type NurseExtraShift = z.infer<typeof nurseExtraShiftSchema>;

/** Whether two shifts of one day overlap, as 'HH:MM' ranges. */
function overlapping<T extends { starts_at: string; ends_at: string }>(shifts: readonly T[]): boolean {
  const sorted = [...shifts].sort((a, b) => minutesOf(a.starts_at) - minutesOf(b.starts_at));
  return sorted.some((current, i) => {
    const previous = sorted[i - 1];
    return previous !== undefined && minutesOf(current.starts_at) < minutesOf(previous.ends_at);
  });
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** POST /console/nurses, PUT /console/nurses/:id, POST /console/nurses/:id/impact. */
export const consoleNurseBodySchema = z
  .object({
    name: refineSafeText(
      z
        .string()
        .trim()
        .min(2, 'Escribe el nombre de la enfermera.')
        .max(120, 'El nombre admite hasta 120 caracteres.'),
    ),
    document: refineSafeText(optionalText(30, 'El documento admite hasta 30 caracteres.')),
    phone: z
      .string()
      .trim()
      .max(30, 'El teléfono admite hasta 30 caracteres.')
      .regex(/^$|^\+?[\d\s().-]{6,}$/, 'El teléfono solo admite dígitos, espacios y +.')
      .transform((value) => value || null)
      .nullable()
      .optional(),
    email: z
      .union([z.literal(''), z.email('El correo no es válido.').max(254, 'El correo no es válido.')])
      .transform((value) => value || null)
      .nullable()
      .optional(),
    skills: z
      .array(z.enum(NURSE_SKILLS, 'La habilidad no es válida.'))
      .min(1, 'Elige al menos una habilidad.')
      .max(NURSE_SKILLS.length),
    sector_ids: z
      .array(z.string().regex(/^\d{1,10}$/, 'El sector no es válido.'))
      .max(50, 'Una enfermera atiende hasta 50 sectores.'),
    shifts: z
      .array(nurseShiftSchema)
      .max(NURSE_SHIFTS_MAX, `Una semana admite hasta ${NURSE_SHIFTS_MAX} turnos.`),
    /**
     * Her extra shifts from today on, each on a date: they replace the ones she has from today
     * on (past ones stay as they were); left out, they are not changed.
     */
    extra_shifts: z
      .array(nurseExtraShiftSchema)
      .max(
        NURSE_EXTRA_SHIFTS_MAX,
        `Una enfermera tiene hasta ${NURSE_EXTRA_SHIFTS_MAX} turnos extra por delante.`,
      )
      .optional(),
    active: z.boolean(),
    /** Visits the change affects that stay with her anyway (see the module's note). */
    keep_visit_ids: z.array(z.uuid()).max(500).optional(),
  })
  .superRefine((body, context) => {
    const byDay = new Map<number, NurseShift[]>();
    for (const shift of body.shifts) byDay.set(shift.weekday, [...(byDay.get(shift.weekday) ?? []), shift]);
    if ([...byDay.values()].some(overlapping))
      context.addIssue({
        code: 'custom',
        message: 'Dos turnos del mismo día se superponen.',
        path: ['shifts'],
      });
    const byDate = new Map<string, NurseExtraShift[]>();
    for (const shift of body.extra_shifts ?? [])
      byDate.set(shift.date, [...(byDate.get(shift.date) ?? []), shift]);
    if ([...byDate.values()].some(overlapping))
      context.addIssue({
        code: 'custom',
        message: 'Dos turnos extra del mismo día se superponen.',
        path: ['extra_shifts'],
      });
    if (new Set(body.skills).size !== body.skills.length)
      context.addIssue({ code: 'custom', message: 'Una habilidad está repetida.', path: ['skills'] });
  });
export type ConsoleNurseBody = z.infer<typeof consoleNurseBodySchema>;

export const consoleNurseListQuerySchema = z.object({
  /** Part of her name, document, phone or e-mail. */
  q: z.string().trim().max(120).optional(),
  sector_id: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  active: queryBooleanSchema.optional(),
});

const nurseSectorSchema = z.object({ id: z.string(), name: z.string(), time_zone: z.string() });

export const consoleNurseSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  document: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  skills: z.array(z.enum(NURSE_SKILLS)),
  sectors: z.array(nurseSectorSchema),
  active: z.boolean(),
  /** Hours a week her shifts offer. */
  weekly_hours: z.number(),
});
export const consoleNurseListAnswerSchema = z.object({ results: z.array(consoleNurseSummarySchema) });

export const consoleNurseDetailSchema = consoleNurseSummarySchema.extend({
  shifts: z.array(nurseShiftSchema),
  /** Her days off from today on, local dates. */
  days_off: z.array(isoDateSchema),
  /** Her extra shifts from today on, by date and time. */
  extra_shifts: z.array(nurseExtraShiftSchema),
  /** Her visits still to come: how many. */
  upcoming_visits: z.number().int(),
});

/** A visit a change would leave without its block. */
export const consoleNurseImpactVisitSchema = z.object({
  visit_id: z.uuid(),
  appointment_id: z.uuid(),
  code: z.string(),
  patient: z.string(),
  commune: z.string().nullable(),
  /** The visit's block, local 'YYYY-MM-DD HH:mm:ss' in its sector. */
  begin_date: z.string(),
  end_date: z.string(),
  status: z.enum(['hold', 'confirmed']),
});
export const consoleNurseImpactAnswerSchema = z.object({ visits: z.array(consoleNurseImpactVisitSchema) });

/** DELETE /console/nurses/:id/days-off/:day: a day off taken back. */
export const consoleNurseDayOffParamsSchema = consoleNurseParamsSchema.extend({ day: isoDateSchema });
