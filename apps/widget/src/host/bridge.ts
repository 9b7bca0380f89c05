import type {
  widgetEnvelope,
  widgetEventPayloadSchemas,
  WidgetEventPayloads,
  WidgetEventType,
} from '@visita/domain/host-messages';
import { redactAnalyticsValues } from '@visita/domain/analytics';

/**
 * The one page this widget talks to: the parent origin the embed script named, confirmed by the
 * browser and by the API as one of the client's registered domains (host-gate.tsx connects it).
 * Each iframe is its own document, so a module-level connection is per widget instance.
 */
export interface HostConnection {
  parentOrigin: string;
  instance: string;
  /**
   * The protocol's envelope and strict payload schemas. host-gate.tsx hands them over when it
   * connects: it is loaded only inside a frame, so a widget opened on its own page never
   * downloads the schemas (zod) with its first screen.
   */
  protocol: {
    widgetEnvelope: typeof widgetEnvelope;
    widgetEventPayloadSchemas: typeof widgetEventPayloadSchemas;
  };
}

let connection: HostConnection | null = null;

export function connectHost(next: HostConnection | null): void {
  connection = next;
}

/**
 * Sends one event to the host, to its exact origin (never '*'). The payload is checked against
 * the protocol's strict schema first, so no field beyond what the product lists (no personal data)
 * can leave. False when there is no verified host to tell, or the payload is not allowed.
 */
export function postToHost<K extends WidgetEventType>(type: K, payload: WidgetEventPayloads[K]): boolean {
  // Connected only when framed; the parent check is for a page that later un-frames us (never).
  if (!connection || window.parent === window) return false;
  const { widgetEnvelope, widgetEventPayloadSchemas } = connection.protocol;
  const checked = widgetEventPayloadSchemas[type].safeParse(payload);
  if (!checked.success) return false;
  window.parent.postMessage(
    widgetEnvelope(connection.instance, type, checked.data as WidgetEventPayloads[K]),
    connection.parentOrigin,
  );
  return true;
}

/** A booking was made (success, with the appointment id). */
export function postSuccess(appointmentId: string): boolean {
  return postToHost('success', { appointmentId });
}

/** Confirmation ended the flow for the host (successful, with appointment id and place id). */
export function postSuccessful(appointmentId: string, placeId: string | null): boolean {
  return postToHost('successful', { appointmentId, placeId });
}

/**
 * The person confirmed the booking: the host's analytics hear the purchase (ids and amounts
 * only); the widget's own page hears it too, as a 'visita:purchase' DOM event on its window.
 */
export function postPurchase(purchase: WidgetEventPayloads['purchase']): boolean {
  window.dispatchEvent(new CustomEvent('visita:purchase', { detail: purchase }));
  return postToHost('purchase', purchase);
}

/** Something went wrong that the host should know of (error, with a message). */
export function postError(message: string): boolean {
  return postToHost('error', { message });
}

/**
 * The styling message: the host makes the frame cover its viewport (or stops). While fullscreen
 * the widget's own min-heights apply again and it scrolls inside the frame.
 */
export function postFullscreen(fullscreen: boolean): boolean {
  document.documentElement.classList.toggle('visita-fullscreen', fullscreen);
  return postToHost('fullscreen', { fullscreen });
}

/** A medical order went through for a client with a success page: the host page goes to `url`. */
export function postRedirect(url: string): boolean {
  return postToHost('redirect', { url });
}

/**
 * For clients with tracking events: a step reached, the medical order sent, an address out of
 * coverage. No value containing an at-sign leaves (it may be an e-mail address).
 */
export function postTracking(event: WidgetEventPayloads['tracking']): boolean {
  return postToHost('tracking', redactAnalyticsValues(event));
}
