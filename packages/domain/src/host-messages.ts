import { z } from 'zod';
import { STEPS } from './steps.ts';
import { webOrigin } from './web-origin.ts';

/**
 * What the page that embeds the widget may send it, parsed because a page
 * is not trusted. The outbound protocol belongs to the embed script and the widget's host bridge.
 */

/** Preloaded patient data from the host; on a failed parse the widget reports an error. */
export const preloadedPatientSchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  second_name: z.string().trim().max(100).nullish(),
  last_name: z.string().trim().min(1).max(100),
  second_last_name: z.string().trim().max(100).nullish(),
  date_of_birth: z.iso.date(),
  gender: z.enum(['male', 'female', 'other']),
  document_type: z.enum(['ci', 'passport', 'generic_id']),
  document_number: z.string().trim().min(1).max(50),
  email: z.string().trim().max(254).nullish(),
  phone: z.string().trim().max(20).nullish(),
});
export type PreloadedPatient = z.infer<typeof preloadedPatientSchema>;

/** What the host may send: clientId, apiToken, folio, patient, displayedServicesIds. */
export const hostInboundMessageSchema = z.object({
  clientId: z.string().trim().min(1).max(100).optional(),
  apiToken: z.string().trim().min(1).max(500).optional(),
  folio: z.string().trim().max(100).optional(),
  patient: z.unknown().optional(),
  displayedServicesIds: z
    .array(z.union([z.string(), z.number()]))
    .max(500)
    .optional(),
});
export type HostInboundMessage = z.infer<typeof hostInboundMessageSchema>;

export type PreloadedPatientResult = { ok: true; patient: PreloadedPatient } | { ok: false; message: string };

/** Validates the host's patient; the message names the first bad field for the host's developers. */
export function parsePreloadedPatient(value: unknown): PreloadedPatientResult {
  const parsed = preloadedPatientSchema.safeParse(value);
  if (parsed.success) return { ok: true, patient: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `invalid patient: ${issue?.path.join('.') || 'value'}` };
}

/*
 * The envelope both directions use (embed script <-> widget). Every message names its source,
 * protocol version and widget instance, so a page with two widgets, or a page that also hears
 * other scripts' messages, routes each one to the right place and ignores the rest. The embed
 * script cannot import this file (it ships with no dependencies): it copies HOST_MESSAGE_SOURCE
 * and HOST_MESSAGE_VERSION, and packages/embed/src/protocol.test.ts checks the copies agree.
 */
export const HOST_MESSAGE_SOURCE = 'visita';
export const HOST_MESSAGE_VERSION = 1;

/** An instance id as the embed script makes it: short, URL-safe, no personal data. */
export const instanceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** What the widget tells the host and nothing more. */
export const widgetEventPayloadSchemas = {
  mounted: z.object({}).strict(),
  success: z.object({ appointmentId: z.string().min(1).max(100) }).strict(),
  successful: z
    .object({ appointmentId: z.string().min(1).max(100), placeId: z.string().max(300).nullable() })
    .strict(),
  close: z.object({ error: z.string().max(100).optional() }).strict(),
  invalidConfig: z.object({ reason: z.string().max(200) }).strict(),
  error: z.object({ message: z.string().max(300) }).strict(),
  /**
   * The purchase, for the partner's analytics, once the person confirms the booking: the
   * appointment, the currency, the total and each service of the cart (its id, unit price and how
   * many patients take it). Ids and amounts only, never who the patients are.
   */
  purchase: z
    .object({
      appointmentId: z.string().min(1).max(100),
      currency: z.enum(['CLP', 'MXN']),
      total: z.number().nonnegative().max(1_000_000_000),
      items: z
        .array(
          z
            .object({
              id: z.string().min(1).max(100),
              price: z.number().nonnegative().max(1_000_000_000),
              quantity: z.number().int().min(1).max(100),
            })
            .strict(),
        )
        .max(200),
    })
    .strict(),
  /** The frame's content height in CSS pixels, so the host sizes the iframe to it. */
  resize: z.object({ height: z.number().int().min(0).max(100_000) }).strict(),
  /** The styling message: the host makes the frame cover the whole viewport, or stop doing so. */
  fullscreen: z.object({ fullscreen: z.boolean() }).strict(),
  /**
   * A medical order went through for a client with a success page: the host page
   * goes to this URL (its own origin only, the embed script checks), solicitud_id in the query.
   */
  redirect: z
    .object({
      url: z
        .string()
        .regex(/^https?:\/\/\S+$/)
        .max(2100),
    })
    .strict(),
  /**
   * For clients with tracking events: each step the person reaches, and
   * the medical order once it is sent. Ids only, never what the person typed.
   */
  tracking: z.discriminatedUnion('event', [
    z.object({ event: z.literal('step'), step: z.enum(STEPS) }).strict(),
    z.object({ event: z.literal('medical-order'), solicitudId: z.string().min(1).max(100) }).strict(),
    // The address a person looked for where the partner does not reach (e-mail-like text redacted).
    z
      .object({
        event: z.literal('out-of-coverage'),
        address: z.string().max(300),
        salesSource: z.string().max(100),
      })
      .strict(),
  ]),
} as const;
export type WidgetEventType = keyof typeof widgetEventPayloadSchemas;
export type WidgetEventPayloads = {
  [K in WidgetEventType]: z.infer<(typeof widgetEventPayloadSchemas)[K]>;
};

export interface HostEnvelope<Type extends string, Payload> {
  source: typeof HOST_MESSAGE_SOURCE;
  v: typeof HOST_MESSAGE_VERSION;
  instance: string;
  type: Type;
  payload: Payload;
}

export type WidgetEnvelope = {
  [K in WidgetEventType]: HostEnvelope<K, WidgetEventPayloads[K]>;
}[WidgetEventType];

/** The one message the host sends: its configuration, after the widget said 'mounted'. */
export const HOST_CONFIG_TYPE = 'config';
export type HostConfigEnvelope = HostEnvelope<typeof HOST_CONFIG_TYPE, HostInboundMessage>;

export function widgetEnvelope<K extends WidgetEventType>(
  instance: string,
  type: K,
  payload: WidgetEventPayloads[K],
): HostEnvelope<K, WidgetEventPayloads[K]> {
  return { source: HOST_MESSAGE_SOURCE, v: HOST_MESSAGE_VERSION, instance, type, payload };
}

const envelopeHeaderSchema = z.object({
  source: z.literal(HOST_MESSAGE_SOURCE),
  v: z.literal(HOST_MESSAGE_VERSION),
  instance: instanceIdSchema,
  type: z.string().max(50),
  payload: z.unknown(),
});

export type HostConfigParse =
  | { kind: 'config'; config: HostInboundMessage }
  /** Ours, for this instance, but its configuration is malformed: the host is told invalidConfig. */
  | { kind: 'invalid'; reason: string }
  /** Not a Visita message for this instance (another script's, another widget's): ignored. */
  | { kind: 'ignored' };

/** Reads a message the widget received: only a v1 'config' envelope for its own instance counts. */
export function parseHostConfigEnvelope(data: unknown, instance: string): HostConfigParse {
  const header = envelopeHeaderSchema.safeParse(data);
  if (!header.success || header.data.instance !== instance || header.data.type !== HOST_CONFIG_TYPE) {
    return { kind: 'ignored' };
  }
  const config = hostInboundMessageSchema.strict().safeParse(header.data.payload);
  if (config.success) return { kind: 'config', config: config.data };
  const issue = config.error.issues[0];
  return { kind: 'invalid', reason: `invalid config: ${issue?.path.join('.') || 'value'}` };
}

/** Reads a message the host received: a v1 envelope of a known type with a well-formed payload. */
export function parseWidgetEnvelope(data: unknown, instance: string): WidgetEnvelope | null {
  const header = envelopeHeaderSchema.safeParse(data);
  if (!header.success || header.data.instance !== instance) return null;
  const type = header.data.type;
  if (!Object.hasOwn(widgetEventPayloadSchemas, type)) return null;
  const payload = widgetEventPayloadSchemas[type as WidgetEventType].safeParse(header.data.payload);
  return payload.success ? ({ ...header.data, type, payload: payload.data } as WidgetEnvelope) : null;
}

/**
 * The origin the widget was framed by, from what the embed script told it (`parentOrigin` in the
 * hash) cross-checked against what the browser says: location.ancestorOrigins[0] where it exists
 * (Chromium, Safari), else the referrer's origin. Any disagreement, or nothing to go on, is null:
 * the widget then talks to no one.
 */
export function framingOrigin(
  told: string | null,
  ancestorOrigin: string | null,
  referrer: string | null,
): string | null {
  // An opaque parent (a sandboxed frame reports 'null') is nobody to talk to.
  if (ancestorOrigin !== null && webOrigin(ancestorOrigin) === null) return null;
  const browser = webOrigin(ancestorOrigin) ?? webOrigin(referrer);
  const claimed = webOrigin(told);
  if (told && !claimed) return null;
  if (claimed && browser) return claimed === browser ? claimed : null;
  // With no browser evidence the claim stands: messages are still accepted only from the parent
  // window itself and with that exact origin, and sent only to it, so a false claim reaches no one.
  return claimed ?? browser;
}
