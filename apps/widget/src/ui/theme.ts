import { resolveColor } from '@visita/domain/theme';
import type { CSSProperties } from 'react';

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on the partner's colour. */
export function onColor(hex: string): string {
  return luminance(hex) > 0.4 ? '#111827' : '#FFFFFF';
}

/** The partner's colours as CSS custom properties for everything under the shell. */
export function themeStyle(mainColor?: string | null, logoBackground?: string | null): CSSProperties {
  const main = resolveColor(mainColor);
  const logo = resolveColor(logoBackground);
  return {
    '--visita-main': main,
    '--visita-on-main': onColor(main),
    '--visita-logo-bg': logo,
    '--visita-on-logo-bg': onColor(logo),
  } as CSSProperties;
}
