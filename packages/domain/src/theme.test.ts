import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  CONTROL_CONTRAST,
  DARK_TEXT,
  DEFAULT_COLOR,
  LIGHT_TEXT,
  PAGE,
  partnerPalette,
  resolveColor,
  shadeFor,
  SURFACE,
  TEXT_CONTRAST,
  textOn,
} from './theme.ts';

describe('colours: default #4F4F4F, white counts as not set', () => {
  it.each([
    ['#FF0000', '#ff0000'],
    ['#abc', '#abc'],
    ['#fff', DEFAULT_COLOR],
    ['#FFFFFF', DEFAULT_COLOR],
    ['white', DEFAULT_COLOR],
    ['', DEFAULT_COLOR],
    [null, DEFAULT_COLOR],
    ['red; background: url(x)', DEFAULT_COLOR],
  ])('%s -> %s', (value, color) => {
    expect(resolveColor(value)).toBe(color);
  });

  it('is #4F4F4F', () => {
    expect(DEFAULT_COLOR).toBe('#4F4F4F');
  });
});

describe('contrast ratio (WCAG 2.2)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#E35205', '#ffffff', 3.84],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });
});

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('a partner colour never lowers contrast', () => {
  it('picks white on dark fills, dark text on light and mid fills', () => {
    expect(textOn('#4f4f4f')).toBe(LIGHT_TEXT);
    expect(textOn('#003b71')).toBe(LIGHT_TEXT);
    // confuturo's orange gives white 3.83:1: the text turns dark.
    expect(textOn('#e35205')).toBe(DARK_TEXT);
    expect(textOn('#ffd54f')).toBe(DARK_TEXT);
  });

  it('text on the fill reaches 4.5:1 for any colour', () => {
    fc.assert(
      fc.property(hexColour, (colour) => {
        const palette = partnerPalette(colour, colour);
        expect(contrastRatio(palette.onMain, palette.main)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(palette.onLogoBackground, palette.logoBackground)).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("the partner's colour as text and the focus ring reach AA on every light surface", () => {
    fc.assert(
      fc.property(hexColour, (colour) => {
        const palette = partnerPalette(colour, null);
        for (const surface of [SURFACE, PAGE]) {
          expect(contrastRatio(palette.mainStrong, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
          expect(contrastRatio(palette.focus, surface)).toBeGreaterThanOrEqual(CONTROL_CONTRAST);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a colour that already reads well is kept; others are darkened in the same hue', () => {
    expect(shadeFor('#003b71', [SURFACE, PAGE], TEXT_CONTRAST)).toBe('#003b71');
    const shade = shadeFor('#ffd54f', [SURFACE, PAGE], TEXT_CONTRAST);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    // Same proportions as #ffd54f (255, 213, 79): red ≥ green ≥ blue, only darker.
    expect(r).toBeGreaterThanOrEqual(g);
    expect(g).toBeGreaterThanOrEqual(b);
    expect(r).toBeLessThan(255);
  });

  it('keeps the partner colour as the fill, as registered', () => {
    expect(partnerPalette('#E35205', '#FFFFFF')).toMatchObject({
      main: '#e35205',
      logoBackground: DEFAULT_COLOR,
    });
  });
});
