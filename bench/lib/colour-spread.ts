import {
  CONTROL_CONTRAST,
  contrastRatio,
  PAGE,
  partnerPalette,
  SURFACE,
  TEXT_CONTRAST,
} from '@visita/domain/theme';

export interface ColourSpread {
  colours: number;
  /** The lowest ratio found over every colour, and the colour that gave it. */
  text: { lowest: number; colour: string };
  strong: { lowest: number; colour: string };
  focus: { lowest: number; colour: string };
}

const hex = (value: number) => value.toString(16).padStart(2, '0');

/**
 * Every partner colour on a grid of `levels` steps per channel (16 → 4,096 colours, from black to
 * white through every hue): the contrast the widget's palette reaches for each, the lowest kept.
 * Text on the partner's fill must reach 4.5:1, the partner's colour as text 4.5:1 on the light
 * surfaces, the focus ring 3:1 on them.
 */
export function measureColourSpread(levels = 16): ColourSpread {
  const step = 255 / (levels - 1);
  const worst = () => ({ lowest: Number.POSITIVE_INFINITY, colour: '' });
  const spread = { colours: 0, text: worst(), strong: worst(), focus: worst() };
  const keep = (slot: { lowest: number; colour: string }, ratio: number, colour: string) => {
    if (ratio < slot.lowest) Object.assign(slot, { lowest: ratio, colour });
  };
  for (let r = 0; r < levels; r++)
    for (let g = 0; g < levels; g++)
      for (let b = 0; b < levels; b++) {
        const colour = `#${hex(Math.round(r * step))}${hex(Math.round(g * step))}${hex(Math.round(b * step))}`;
        const palette = partnerPalette(colour, colour);
        spread.colours += 1;
        keep(spread.text, contrastRatio(palette.onMain, palette.main), colour);
        keep(
          spread.strong,
          Math.min(contrastRatio(palette.mainStrong, SURFACE), contrastRatio(palette.mainStrong, PAGE)),
          colour,
        );
        keep(
          spread.focus,
          Math.min(contrastRatio(palette.focus, SURFACE), contrastRatio(palette.focus, PAGE)),
          colour,
        );
      }
  return spread;
}

export const COLOUR_GOALS = { text: TEXT_CONTRAST, strong: TEXT_CONTRAST, focus: CONTROL_CONTRAST };
