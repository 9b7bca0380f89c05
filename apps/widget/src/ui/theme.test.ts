import { describe, expect, it } from 'vitest';
import { onColor, themeStyle } from './theme.ts';

describe('partner theming', () => {
  it('uses #4F4F4F when a colour is missing or white (spec part 1 §9)', () => {
    expect(themeStyle(undefined, '#FFFFFF')).toMatchObject({
      '--visita-main': '#4F4F4F',
      '--visita-logo-bg': '#4F4F4F',
    });
    expect(themeStyle('#fff', null)).toMatchObject({ '--visita-main': '#4F4F4F' });
  });

  it('uses the partner colour when it is a hex colour', () => {
    expect(themeStyle('#0F766E', '#134E4A')).toMatchObject({
      '--visita-main': '#0f766e',
      '--visita-logo-bg': '#134e4a',
    });
  });

  it('never lets a config value inject CSS', () => {
    expect(themeStyle('red;background:url(https://evil)', 'expression(alert(1))')).toMatchObject({
      '--visita-main': '#4F4F4F',
      '--visita-logo-bg': '#4F4F4F',
    });
  });

  it.each([
    ['#4F4F4F', '#FFFFFF'],
    ['#003B71', '#FFFFFF'],
    ['#FFEB3B', '#111827'],
    ['#e0e0e0', '#111827'],
  ])('text on %s is %s for contrast', (background, text) => {
    expect(onColor(background)).toBe(text);
  });
});
