/** The default main and logo-background colour when a partner registers none. */
export const DEFAULT_COLOR = '#4F4F4F';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const WHITE = new Set(['#fff', '#ffffff', 'white']);

/**
 * A partner colour as the widget uses it: white counts as not set, and anything that is not a hex
 * colour is refused so a config value can never inject CSS.
 */
export function resolveColor(value: string | null | undefined): string {
  const color = value?.trim().toLowerCase();
  if (!color || WHITE.has(color) || !HEX.test(color)) return DEFAULT_COLOR;
  return color;
}

// WCAG 2.2 AA thresholds: normal text, and large text or the parts of a control (focus rings,
// borders) a person needs to see.
export const TEXT_CONTRAST = 4.5;
export const CONTROL_CONTRAST = 3;

/** Text colours tried on a partner's fill, in order of preference: white keeps most brands' look. */
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111827';
const BLACK = '#000000';

/** The lightest and darkest backgrounds the widget draws partner-coloured text and rings on. */
export const SURFACE = '#ffffff';
export const PAGE = '#f3f4f6';

type Rgb = readonly [number, number, number];

function toRgb(hex: string): Rgb {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const channel = c / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour for a partner-coloured fill: white when it reaches normal-text contrast, else
 * near-black, else black. One of white and black always reaches 4.5:1, whatever the fill.
 */
export function textOn(fill: string): string {
  for (const text of [LIGHT_TEXT, DARK_TEXT]) if (contrastRatio(text, fill) >= TEXT_CONTRAST) return text;
  return BLACK;
}

/**
 * The partner's colour, darkened in steps toward black (same hue) until it reaches `ratio`
 * against every background given; unchanged when it already does. Black reaches 18:1 against
 * the widget's light surfaces, so the loop always ends.
 */
export function shadeFor(color: string, backgrounds: readonly string[], ratio: number): string {
  const rgb = toRgb(color);
  for (let step = 0; step <= 100; step += 2) {
    const shade = toHex(rgb.map((c) => (c * (100 - step)) / 100) as unknown as Rgb);
    if (backgrounds.every((bg) => contrastRatio(shade, bg) >= ratio)) return shade;
  }
  return BLACK;
}

export interface PartnerPalette {
  /** The partner's colour as registered: fills (primary buttons, chosen day and time, banner). */
  main: string;
  /** Text on `main`. */
  onMain: string;
  /** The partner's colour as text, borders and marks on the widget's light surfaces (≥ 4.5:1). */
  mainStrong: string;
  /** The focus indicator on the light surfaces (≥ 3:1, drawn outside the focused control). */
  focus: string;
  logoBackground: string;
  onLogoBackground: string;
}

/** Every colour the widget derives from a partner's two registered colours, WCAG 2.2 AA-safe. */
export function partnerPalette(mainColor?: string | null, logoBackground?: string | null): PartnerPalette {
  const main = resolveColor(mainColor);
  const logo = resolveColor(logoBackground);
  const mainStrong = shadeFor(main, [SURFACE, PAGE], TEXT_CONTRAST);
  return {
    main,
    onMain: textOn(main),
    mainStrong,
    focus: mainStrong,
    logoBackground: logo,
    onLogoBackground: textOn(logo),
  };
}
