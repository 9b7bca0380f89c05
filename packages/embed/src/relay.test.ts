// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { open, SOURCE, VERSION, type VisitaEventMap } from './embed.ts';

const WIDGET_ORIGIN = 'https://widget.visita.test';

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * An inline widget on a test page. Its container is kept off the test DOM (which loads no frame),
 * so the frame's window is a stand-in of its own: what counts is that messages from it, and only
 * from it, are heard.
 */
function inlineWidget() {
  const widget = open({ clientId: 'demo', container: document.createElement('div'), baseUrl: WIDGET_ORIGIN });
  const frameWindow = { postMessage: vi.fn() } as unknown as Window;
  Object.defineProperty(widget.iframe, 'contentWindow', { value: frameWindow });
  return { widget, frameWindow };
}

/** A message from the widget's frame, as the browser delivers it to the partner's page. */
function fromWidget(source: Window | null, instance: string, type: string, payload: unknown): void {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { source: SOURCE, v: VERSION, instance, type, payload },
      origin: WIDGET_ORIGIN,
      source,
    }),
  );
}

describe("the partner's page hears the widget's events", () => {
  it('relays the purchase as visita:purchase, with its ids and amounts', () => {
    const { widget, frameWindow } = inlineWidget();
    const heard: VisitaEventMap['visita:purchase'][] = [];
    widget.on('visita:purchase', (detail) => heard.push(detail));
    const purchase = {
      appointmentId: 'a1b2c3d4',
      currency: 'CLP',
      total: 17980,
      items: [{ id: '1', price: 8990, quantity: 2 }],
    } as const;
    fromWidget(frameWindow, widget.id, 'purchase', purchase);
    expect(heard).toEqual([purchase]);
  });

  it('relays nothing from another window, nor a type it does not know', () => {
    const { widget, frameWindow } = inlineWidget();
    const heard: unknown[] = [];
    widget.on('visita:purchase', (detail) => heard.push(detail));
    fromWidget(window, widget.id, 'purchase', { appointmentId: 'x', currency: 'CLP', total: 1, items: [] });
    fromWidget(frameWindow, widget.id, 'toString', {});
    expect(heard).toEqual([]);
  });
});
