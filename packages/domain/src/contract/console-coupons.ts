/**
 * The console's coupons: the list, one coupon with its uses (the appointments that used it),
 * creating and editing one (a percentage or an amount off, validity, sales sources, items, total
 * uses, once per person, active), and the referral code each sales source applies on its own.
 * Roles with coupons.manage read and change them; every change is audited.
 */
import { z } from 'zod';

/** Coupon codes as the widget sends them: letters, digits, dashes and underscores, upper-cased. */
export const CONSOLE_COUPON_CODE = /^[A-Z0-9_-]{3,40}$/;
export const CONSOLE_COUPON_MAX_AMOUNT = 100_000_000;
export const CONSOLE_COUPON_MAX_USES = 10_000_000;
export const CONSOLE_COUPON_MAX_SOURCES = 100;
export const CONSOLE_COUPON_MAX_ITEMS = 200;
/** The uses a coupon's page lists, newest first. */
export const CONSOLE_COUPON_USES_SHOWN = 200;

const codeSchema = z
  .string({ error: 'Escribe el código del cupón.' })
  .trim()
  .toUpperCase()
  .regex(CONSOLE_COUPON_CODE, {
    error: 'El código debe tener de 3 a 40 letras sin tilde, números, guiones o guiones bajos.',
  });

/**
 * An existing coupon's code, as a quote accepts one (any letter, digit, dash or underscore, up to
 * 100): coupons older than the console keep theirs, and are read and edited by it.
 */
const existingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[\p{L}\p{N}_-]{1,100}$/u, { error: 'Ese código de cupón no es válido.' });

export const consoleCouponParamsSchema = z.object({ code: existingCodeSchema });

const dateTimeSchema = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} debe ser una fecha y hora ISO 8601.` }).nullable();

/** What an operator writes: every field, the code only on creation. */
const couponFields = z.object({
  discount_percent: z
    .number({ error: 'El porcentaje debe ser un número.' })
    .int({ error: 'El porcentaje debe ser un número entero.' })
    .min(1, { error: 'El porcentaje va de 1 a 100.' })
    .max(100, { error: 'El porcentaje va de 1 a 100.' })
    .nullable(),
  discount_amount: z
    .number({ error: 'El monto debe ser un número.' })
    .int({ error: 'El monto debe ser un número entero, sin decimales.' })
    .min(1, { error: 'El monto debe ser mayor que cero.' })
    .max(CONSOLE_COUPON_MAX_AMOUNT, { error: 'El monto es demasiado grande.' })
    .nullable(),
  valid_from: dateTimeSchema('El inicio de la vigencia'),
  valid_until: dateTimeSchema('El fin de la vigencia'),
  /** Partners' ids; empty: every sales source. */
  sales_sources: z
    .array(z.string().trim().min(1, { error: 'Una fuente de venta está vacía.' }).max(100), {
      error: 'Las fuentes de venta deben ser una lista.',
    })
    .max(CONSOLE_COUPON_MAX_SOURCES, { error: 'Son demasiadas fuentes de venta.' }),
  country: z.enum(['cl', 'mx'], { error: "El país debe ser 'cl' o 'mx'." }).nullable(),
  /** Catalogue ids; empty: every item. */
  item_ids: z
    .array(z.number().int().positive({ error: 'Un examen no es válido.' }).max(2_147_483_647), {
      error: 'Los exámenes deben ser una lista.',
    })
    .max(CONSOLE_COUPON_MAX_ITEMS, { error: 'Son demasiados exámenes.' }),
  /** Total uses; null: no limit. */
  max_uses: z
    .number({ error: 'Los usos deben ser un número.' })
    .int({ error: 'Los usos deben ser un número entero.' })
    .min(1, { error: 'Los usos totales deben ser al menos 1, o ninguno para no limitarlos.' })
    .max(CONSOLE_COUPON_MAX_USES, { error: 'Son demasiados usos.' })
    .nullable(),
  once_per_person: z.boolean({ error: 'Indica si el cupón es de un uso por persona.' }),
  active: z.boolean({ error: 'Indica si el cupón está activo.' }),
});

type CouponFieldValues = z.infer<typeof couponFields>;

/** The rules between fields: one kind of discount, and a validity that ends after it starts. */
const withFieldRules = <S extends z.ZodType<CouponFieldValues>>(schema: S) =>
  schema
    .refine(
      (body: CouponFieldValues) => (body.discount_percent === null) !== (body.discount_amount === null),
      {
        error: 'Indica un porcentaje o un monto de descuento, uno de los dos.',
        path: ['discount_percent'],
      },
    )
    .refine(
      (body: CouponFieldValues) =>
        body.valid_from === null ||
        body.valid_until === null ||
        Date.parse(body.valid_from) <= Date.parse(body.valid_until),
      { error: 'El fin de la vigencia no puede ser anterior a su inicio.', path: ['valid_until'] },
    );

export const consoleCouponFieldsSchema = withFieldRules(couponFields);
export type ConsoleCouponFields = z.infer<typeof consoleCouponFieldsSchema>;

export const consoleCreateCouponBodySchema = withFieldRules(couponFields.extend({ code: codeSchema }));
export type ConsoleCreateCouponBody = z.infer<typeof consoleCreateCouponBodySchema>;

export const consoleCouponSchema = z.object({
  code: z.string(),
  discount_percent: z.number().int().nullable(),
  discount_amount: z.number().int().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  sales_sources: z.array(z.string()),
  country: z.enum(['cl', 'mx']).nullable(),
  item_ids: z.array(z.number().int()),
  max_uses: z.number().int().nullable(),
  uses_count: z.number().int(),
  once_per_person: z.boolean(),
  active: z.boolean(),
});
export type ConsoleCoupon = z.infer<typeof consoleCouponSchema>;

export const consoleCouponListQuerySchema = z.object({
  /** Part of the code, any case. */
  q: z.string().trim().max(40, { error: 'La búsqueda es demasiado larga.' }).optional(),
});
export type ConsoleCouponListQuery = z.input<typeof consoleCouponListQuerySchema>;

export const consoleCouponListAnswerSchema = z.object({ results: z.array(consoleCouponSchema) });
export type ConsoleCouponListAnswer = z.infer<typeof consoleCouponListAnswerSchema>;

/** What a coupon may name: the sales sources partners sell under, and the active catalogue items. */
export const consoleCouponOptionsSchema = z.object({
  sales_sources: z.array(z.string()),
  items: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.enum(['cl', 'mx']) })),
});
export type ConsoleCouponOptions = z.infer<typeof consoleCouponOptionsSchema>;

export const consoleCouponUseSchema = z.object({
  appointment_id: z.uuid(),
  used_at: z.string(),
  /** The appointment's status and partner now (null when the appointment is gone). */
  status: z.string().nullable(),
  sales_source: z.string().nullable(),
  /** The discount the appointment was charged with, when it stored its amounts. */
  discount: z.number().nullable(),
});
export type ConsoleCouponUse = z.infer<typeof consoleCouponUseSchema>;

export const consoleCouponDetailSchema = z.object({
  coupon: consoleCouponSchema,
  /** The newest CONSOLE_COUPON_USES_SHOWN uses (uses_count counts them all). */
  uses: z.array(consoleCouponUseSchema),
});
export type ConsoleCouponDetail = z.infer<typeof consoleCouponDetailSchema>;

// Referral codes: one per sales source, applied by the widget on its own.
export const consoleReferralCodeSchema = z.object({ sales_source: z.string(), referral_code: z.string() });
export const consoleReferralCodesAnswerSchema = z.object({ results: z.array(consoleReferralCodeSchema) });
export type ConsoleReferralCodesAnswer = z.infer<typeof consoleReferralCodesAnswerSchema>;
export const consoleReferralCodeParamsSchema = z.object({
  source: z.string().trim().min(1).max(100, { error: 'Esa fuente de venta no es válida.' }),
});
export const consoleReferralCodeBodySchema = z.object({
  /** The code to apply; null removes the source's referral code. */
  referral_code: existingCodeSchema.nullable(),
});
export type ConsoleReferralCodeBody = z.infer<typeof consoleReferralCodeBodySchema>;
export const consoleSetReferralCodeAnswerSchema = z.object({
  sales_source: z.string(),
  referral_code: z.string().nullable(),
});
