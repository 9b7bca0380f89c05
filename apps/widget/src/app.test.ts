import { describe, expect, it } from 'vitest';
import { clientIdFromPath } from './app.tsx';

describe('the client id comes from the first path segment', () => {
  it.each([
    ['/', null],
    ['', null],
    ['/demo', 'demo'],
    ['/demo/', 'demo'],
    ['/clinicaalemana/otra-cosa', 'clinicaalemana'],
    ['/%C3%B1u%C3%B1oa', 'ñuñoa'],
    ['/%E0%A4%A', '%E0%A4%A'],
  ])('%s gives %s', (path, id) => {
    expect(clientIdFromPath(path)).toBe(id);
  });
});
