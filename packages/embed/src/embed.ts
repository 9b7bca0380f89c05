/**
 * The partner script (/embed.js): opens the Visita widget in an iframe, inline or as a modal,
 * hands it the host's configuration once it says it is ready, sizes the frame to its content and
 * turns its messages into typed `visita:*` events. No dependencies: every byte reaches a phone.
 *
 * Protocol (packages/domain/src/host-messages.ts is the widget's side of it): every message,
 * both ways, is `{source: 'visita', v: 1, instance, type, payload}`. The host accepts a message
 * only from its own iframe's window, from the widget's exact origin, for its own instance; it
 * posts only to the widget's exact origin, never '*'.
 */

/** Copies of the domain's HOST_MESSAGE_SOURCE and HOST_MESSAGE_VERSION (a test keeps them equal). */
export const SOURCE = 'visita';
export const VERSION = 1;

export interface VisitaOptions {
  /** The partner's client id, as registered with Visita. */
  clientId: string;
  /** Where to show the widget inline: an element or a CSS selector. Without it, a modal opens. */
  container?: HTMLElement | string;
  /** Open as a modal over the page (the default when no container is given). */
  modal?: boolean;
  /** Staff and partner integrations: the client's API token, sent as a Bearer token by the widget. */
  apiToken?: string;
  /** Last-mile folio number. */
  folio?: string;
  /** A patient to preload; the widget validates it and answers 'visita:error' when it is invalid. */
  patient?: Record<string, unknown>;
  /** Only these services are offered. */
  displayedServicesIds?: Array<string | number>;
  /** Extra query of the widget's URL: services, packs, coupon, appointment, cart-maker. */
  query?: Record<string, string>;
  /** Where Visita runs; by default the origin this script was loaded from. */
  baseUrl?: string;
  /** The iframe's accessible name. */
  title?: string;
}

/** What each event's listener receives: the product's fields and nothing else. */
export interface VisitaEventMap {
  'visita:mounted': Record<string, never>;
  'visita:success': { appointmentId: string };
  'visita:successful': { appointmentId: string; placeId: string | null };
  'visita:close': { error?: string };
  'visita:invalidConfig': { reason: string };
  'visita:error': { message: string };
  /**
   * A medical order went through and the client has a success page: the page is about to go to
   * `url` (its own origin only), with solicitud_id in the query.
   */
  'visita:redirect': { url: string };
  /**
   * The person confirmed the booking: for the partner's analytics, the appointment, the currency,
   * the total and each service (id, unit price, how many patients take it). No personal data.
   */
  'visita:purchase': {
    appointmentId: string;
    currency: 'CLP' | 'MXN';
    total: number;
    items: Array<{ id: string; price: number; quantity: number }>;
  };
  /**
   * For clients with tracking events: each step reached, the medical order once sent, and an
   * address searched where the partner does not reach (text that looks like an e-mail redacted).
   */
  'visita:tracking':
    | { event: 'step'; step: string }
    | { event: 'medical-order'; solicitudId: string }
    | { event: 'out-of-coverage'; address: string; salesSource: string };
}
export type VisitaEvent = keyof VisitaEventMap;
export type VisitaListener<K extends VisitaEvent> = (detail: VisitaEventMap[K]) => void;

export interface VisitaInstance {
  /** This widget's instance id: it is in the iframe's URL and in every message both ways. */
  readonly id: string;
  /** The iframe, or null once closed (or when the options were invalid). */
  readonly iframe: HTMLIFrameElement | null;
  on<K extends VisitaEvent>(event: K, listener: VisitaListener<K>): VisitaInstance;
  off<K extends VisitaEvent>(event: K, listener: VisitaListener<K>): VisitaInstance;
  /** Removes the widget from the page; listeners stay until destroy. */
  close(): void;
  /** Removes the widget and forgets every listener. */
  destroy(): void;
}

/**
 * The widget's messages relayed as they come as `visita:<type>` events: every event of the map but
 * redirect, which the script checks and acts on itself. Typed so that an event added to the map
 * and not relayed here fails the build.
 */
type Relayed = Exclude<VisitaEvent, 'visita:redirect'> extends `visita:${infer Type}` ? Type : never;
const RELAYED: Record<Relayed, 1> = {
  mounted: 1,
  success: 1,
  successful: 1,
  close: 1,
  invalidConfig: 1,
  error: 1,
  purchase: 1,
  tracking: 1,
};

// Read while the script runs: afterwards document.currentScript is null.
const script = typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null) : null;
const scriptOrigin = script?.src ? new URL(script.src).origin : '';

let counter = 0;

export function open(options: VisitaOptions): VisitaInstance {
  const id = `w${++counter}${Math.random().toString(36).slice(2, 10)}`;
  type AnyListener = (detail: unknown) => void;
  const listeners = new Map<string, Set<AnyListener>>();
  const emit = <K extends VisitaEvent>(event: K, detail: VisitaEventMap[K]) =>
    listeners.get(event)?.forEach((listener) => {
      // One failing listener must not keep the others from hearing the event.
      try {
        listener(detail);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    });

  let iframe: HTMLIFrameElement | null = null;
  let overlay: HTMLElement | null = null;
  let previousFocus: Element | null = null;
  // While the modal is open the rest of the page is inert: focus stays in the dialog.
  let inerted: Element[] = [];
  let fullscreen = false;
  let frameStyle = '';

  const instance: VisitaInstance = {
    id,
    get iframe() {
      return iframe;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener as AnyListener));
      return instance;
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as AnyListener);
      return instance;
    },
    close,
    destroy() {
      close();
      listeners.clear();
    },
  };

  const invalid = (reason: string) => {
    // Later, so listeners attached right after open() hear it.
    setTimeout(() => emit('visita:invalidConfig', { reason }));
    return instance;
  };

  let base: URL;
  try {
    base = new URL(options.baseUrl || scriptOrigin || location.origin);
  } catch {
    return invalid('baseUrl');
  }
  const origin = base.origin;
  if (!options.clientId || typeof options.clientId !== 'string') return invalid('clientId');
  const host =
    typeof options.container === 'string'
      ? document.querySelector<HTMLElement>(options.container)
      : options.container;
  if (options.container && !host) return invalid('container');
  const modal = options.modal ?? !host;

  const url = new URL(`${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(options.clientId)}`, origin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  // In the hash: never sent to a server, never in a log or a Referer.
  url.hash = new URLSearchParams({ instance: id, parentOrigin: location.origin }).toString();

  iframe = document.createElement('iframe');
  iframe.src = url.href;
  iframe.title = options.title ?? 'Visita';
  iframe.allow = 'payment; geolocation';
  frameStyle =
    iframe.style.cssText = `display:block;width:100%;height:${modal ? 600 : 480}px;border:0;background:transparent`;

  function onMessage(event: MessageEvent) {
    const data = event.data;
    if (
      !iframe ||
      event.source !== iframe.contentWindow ||
      event.origin !== origin ||
      !data ||
      data.source !== SOURCE ||
      data.v !== VERSION ||
      data.instance !== id
    ) {
      return;
    }
    const payload = data.payload ?? {};
    if (data.type === 'resize') {
      if (typeof payload.height === 'number' && payload.height >= 0) {
        frameStyle = frameStyle.replace(/height:[^;]*/, `height:${Math.ceil(payload.height)}px`);
        if (!fullscreen) iframe.style.height = `${Math.ceil(payload.height)}px`;
      }
      return;
    }
    if (data.type === 'fullscreen') {
      fullscreen = payload.fullscreen === true;
      iframe.style.cssText = fullscreen
        ? 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:#fff'
        : frameStyle;
      return;
    }
    if (data.type === 'redirect') {
      // Only within this page's own site: the widget cannot send the partner's visitors anywhere else.
      let target: URL | null = null;
      try {
        target = new URL(payload.url);
      } catch {
        // Not a URL: ignored.
      }
      if (target?.origin === location.origin) {
        emit('visita:redirect', { url: target.href });
        location.assign(target.href);
      }
      return;
    }
    // Its own keys only (not 'toString'); Object.hasOwn is newer than the browsers this targets.
    if (typeof data.type !== 'string' || !Object.prototype.hasOwnProperty.call(RELAYED, data.type)) return;
    if (data.type === 'mounted') {
      const config: Record<string, unknown> = { clientId: options.clientId };
      for (const key of ['apiToken', 'folio', 'patient', 'displayedServicesIds'] as const) {
        if (options[key] !== undefined) config[key] = options[key];
      }
      iframe.contentWindow?.postMessage(
        { source: SOURCE, v: VERSION, instance: id, type: 'config', payload: config },
        origin,
      );
    }
    emit(`visita:${data.type}` as VisitaEvent, payload);
    if (data.type === 'close') close();
  }

  function onKey(event: KeyboardEvent) {
    if (event.key === 'Escape') close();
  }

  function close() {
    if (!iframe) return;
    removeEventListener('message', onMessage);
    removeEventListener('keydown', onKey);
    (overlay ?? iframe).remove();
    iframe = overlay = null;
    for (const element of inerted) element.removeAttribute('inert');
    inerted = [];
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
  }

  addEventListener('message', onMessage);
  if (modal) {
    previousFocus = document.activeElement;
    overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', iframe.title);
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483646;display:flex;align-items:flex-start;justify-content:center;overflow:auto;padding:2vh 0;background:rgba(0,0,0,.5)';
    iframe.style.maxWidth = '34rem';
    frameStyle = iframe.style.cssText;
    overlay.append(iframe);
    // A click on the backdrop, not on the widget, closes it.
    overlay.addEventListener('click', (event) => event.target === overlay && close());
    addEventListener('keydown', onKey);
    inerted = [...document.body.children].filter((element) => !element.hasAttribute('inert'));
    for (const element of inerted) element.setAttribute('inert', '');
    document.body.append(overlay);
    iframe.focus();
  } else {
    (host as HTMLElement).append(iframe);
  }
  return instance;
}
