/** Spec part 1 §9: default main and logo-background colour. */
export const DEFAULT_COLOR = '#4F4F4F';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const WHITE = new Set(['#fff', '#ffffff', 'white']);

/**
 * A partner colour as the widget uses it: white counts as not set (spec part 1 §9), and
 * anything that is not a hex colour is refused so a config value can never inject CSS.
 */
export function resolveColor(value: string | null | undefined): string {
  const color = value?.trim().toLowerCase();
  if (!color || WHITE.has(color) || !HEX.test(color)) return DEFAULT_COLOR;
  return color;
}
