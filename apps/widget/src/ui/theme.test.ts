import { contrastRatio } from '@visita/domain/theme';
import { describe, expect, it } from 'vitest';
import { themeStyle } from './theme.ts';

const props = (main?: string | null, logo?: string | null) =>
  themeStyle(main, logo) as unknown as Record<string, string>;
const contrast = (p: Record<string, string>, a: string, b: string) => contrastRatio(p[a] ?? '', p[b] ?? b);

describe('partner theming', () => {
  it('uses #4F4F4F when a colour is missing or white', () => {
    expect(props(undefined, '#FFFFFF')).toMatchObject({
      '--visita-main': '#4F4F4F',
      '--visita-logo-bg': '#4F4F4F',
    });
    expect(props('#fff', null)).toMatchObject({ '--visita-main': '#4F4F4F' });
  });

  it('uses the partner colour when it is a hex colour', () => {
    expect(props('#0F766E', '#134E4A')).toMatchObject({
      '--visita-main': '#0f766e',
      '--visita-logo-bg': '#134e4a',
    });
  });

  it('never lets a config value inject CSS', () => {
    expect(props('red;background:url(https://evil)', 'expression(alert(1))')).toMatchObject({
      '--visita-main': '#4F4F4F',
      '--visita-logo-bg': '#4F4F4F',
    });
  });

  it.each(['#4F4F4F', '#003B71', '#E35205', '#FFD54F', '#FFEB3B', '#e0e0e0'])(
    'on %s every derived colour reaches WCAG AA',
    (colour) => {
      const p = props(colour, colour);
      expect(contrast(p, '--visita-on-main', '--visita-main')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p, '--visita-on-logo-bg', '--visita-logo-bg')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p, '--visita-main-strong', '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p, '--visita-focus', '#ffffff')).toBeGreaterThanOrEqual(3);
    },
  );
});
