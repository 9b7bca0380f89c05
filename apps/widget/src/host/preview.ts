import type { ClientConfig } from '@visita/domain/contract/client-config';
import { PREVIEW_MESSAGE, PREVIEW_READY, PREVIEWED_FIELDS } from '@visita/domain/partner-preview';
import { useEffect, useMemo, useState } from 'react';
import { isFramed } from './frame.ts';

/**
 * The console's live preview (docs/decisions/console-partner-preview.md): with `?preview` and
 * framed by a page of Visita's own origin (the console), the widget shows the draft that page
 * sends over the stored config. Nothing is stored; a message from any other origin or window is
 * ignored, so no other page can change how a partner looks.
 */
export function usePreviewConfig(config: ClientConfig | null): ClientConfig | null {
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    if (!isFramed() || !new URLSearchParams(window.location.search).has('preview')) return;
    const own = window.location.origin;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; config?: unknown } | null;
      if (event.source !== window.parent || event.origin !== own || data?.type !== PREVIEW_MESSAGE) return;
      if (data.config && typeof data.config === 'object') setDraft(data.config as Record<string, unknown>);
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: PREVIEW_READY }, own);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return useMemo(() => {
    if (!config || !draft) return config;
    const shown = PREVIEWED_FIELDS.filter((key) => key in draft).map((key) => [key, draft[key]]);
    return { ...config, ...Object.fromEntries(shown) };
  }, [config, draft]);
}
