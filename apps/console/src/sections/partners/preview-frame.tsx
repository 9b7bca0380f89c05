import { Box, Text, Title } from '@mantine/core';
import { PREVIEW_MESSAGE, PREVIEW_READY } from '@visita/domain/partner-preview';
import { useEffect, useRef } from 'react';
import { COPY } from './copy.ts';

/**
 * The widget itself at /{id}?preview, on the console's own origin, shown with the draft's look and
 * texts: sent each time they change, and again when the frame says it listens
 * (docs/decisions/console-partner-preview.md). Messages go to this origin only.
 */
export function PreviewFrame({
  id,
  name,
  preview,
}: {
  id: string;
  name: string;
  /** The draft as the widget is sent it; null while it does not pass (the last valid one stays). */
  preview: Record<string, unknown> | null;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(preview);

  useEffect(() => {
    // The last draft that passed stays shown while the current one does not.
    if (preview) latest.current = preview;
    const send = () =>
      frame.current?.contentWindow?.postMessage(
        { type: PREVIEW_MESSAGE, config: latest.current },
        window.location.origin,
      );
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (
        event.origin === window.location.origin &&
        event.source === frame.current?.contentWindow &&
        data?.type === PREVIEW_READY
      )
        send();
    };
    window.addEventListener('message', onMessage);
    send();
    return () => window.removeEventListener('message', onMessage);
  }, [preview]);

  return (
    <section aria-labelledby="partner-preview-title">
      <Title order={2} id="partner-preview-title" size="h3" mb="xs">
        {COPY.previewTitle}
      </Title>
      <Text size="sm" mb="xs">
        {COPY.previewHint}
      </Text>
      {preview ? null : (
        <Text size="sm" c="red.8" mb="xs" role="status">
          {COPY.previewStale}
        </Text>
      )}
      <Box style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, overflow: 'hidden' }}>
        <iframe
          ref={frame}
          src={`/${encodeURIComponent(id)}?preview`}
          title={COPY.previewFrame(name)}
          data-testid="partner-preview"
          style={{ width: '100%', height: 720, border: 0, display: 'block' }}
        />
      </Box>
    </section>
  );
}
