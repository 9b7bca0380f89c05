import { act, renderHook } from '@testing-library/react';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { PREVIEW_MESSAGE, PREVIEW_READY } from '@visita/domain/partner-preview';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreviewConfig } from './preview.ts';

vi.mock('./frame.ts', () => ({ isFramed: () => true }));

const stored = {
  id: 'demo',
  name: 'Demo',
  country: 'cl',
  sales_source: 'marketplace',
  sdk_config_v2: { main_color: '#0A4D8C' },
} as unknown as ClientConfig;

const send = (data: unknown, origin = window.location.origin, source: unknown = window.parent) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  });

describe("the console's preview of a draft", () => {
  beforeEach(() => window.history.replaceState(null, '', '/demo?preview'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("shows the draft's colours and name sent by Visita's own origin, never its id or source", () => {
    const posted = vi.spyOn(window.parent, 'postMessage');
    const { result } = renderHook(() => usePreviewConfig(stored));
    expect(posted).toHaveBeenCalledWith({ type: PREVIEW_READY }, window.location.origin);
    expect(result.current).toBe(stored);
    send({
      type: PREVIEW_MESSAGE,
      config: {
        name: 'Borrador',
        id: 'otro',
        sales_source: 'otra',
        sdk_config_v2: { main_color: '#C0392B' },
      },
    });
    expect(result.current).toMatchObject({
      id: 'demo',
      sales_source: 'marketplace',
      name: 'Borrador',
      sdk_config_v2: { main_color: '#C0392B' },
    });
  });

  it('ignores another origin, another kind of message, and a page opened without ?preview', () => {
    const { result } = renderHook(() => usePreviewConfig(stored));
    send({ type: PREVIEW_MESSAGE, config: { name: 'Intruso' } }, 'https://socio.example');
    send({ type: 'otra-cosa', config: { name: 'Intruso' } });
    expect(result.current).toBe(stored);
    window.history.replaceState(null, '', '/demo');
    const plain = renderHook(() => usePreviewConfig(stored));
    send({ type: PREVIEW_MESSAGE, config: { name: 'Intruso' } });
    expect(plain.result.current).toBe(stored);
  });
});
