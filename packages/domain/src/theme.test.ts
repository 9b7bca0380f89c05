import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOR, resolveColor } from './theme.ts';

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

  it('is the spec value', () => {
    expect(DEFAULT_COLOR).toBe('#4F4F4F');
  });
});
