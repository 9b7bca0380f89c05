import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

const APP_NAME = 'Consola de operaciones · Visita';

/**
 * A page's heading: the window's title follows it, and focus moves to it when the page opens,
 * so a screen reader announces where a navigation led and the keyboard starts from there.
 */
export function PageTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · ${APP_NAME}`;
    ref.current?.focus();
  }, [children]);
  return (
    <Title order={1} ref={ref} tabIndex={-1} size="h2" style={{ outlineOffset: 4 }}>
      {children}
    </Title>
  );
}
