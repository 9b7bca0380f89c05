import { partnerPalette } from '@visita/domain/theme';
import type { CSSProperties } from 'react';

/**
 * The partner's colours as CSS custom properties for everything under the shell. Text and focus
 * colours are derived by computed contrast (packages/domain/src/theme.ts), so no registered
 * colour can make a text unreadable or the focus invisible.
 */
export function themeStyle(mainColor?: string | null, logoBackground?: string | null): CSSProperties {
  const palette = partnerPalette(mainColor, logoBackground);
  return {
    '--visita-main': palette.main,
    '--visita-on-main': palette.onMain,
    '--visita-main-strong': palette.mainStrong,
    '--visita-focus': palette.focus,
    '--visita-logo-bg': palette.logoBackground,
    '--visita-on-logo-bg': palette.onLogoBackground,
  } as CSSProperties;
}
