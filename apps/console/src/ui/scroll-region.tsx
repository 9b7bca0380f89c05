import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways inside its own region, which the keyboard can reach and scroll
 * even when the table holds nothing focusable (WCAG 2.1.1).
 */
export function ScrollRegion({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

/** A table's caption, read first and in the text's own colour (Mantine's dimmed grey is under AA). */
export const CAPTION = { textAlign: 'left', color: 'var(--mantine-color-text)' } as const;
