import { describe, expect, it } from 'vitest';
import { readAddressPoint } from './address-headers.ts';

describe('the selected address headers', () => {
  it('reads a valid pair', () => {
    expect(readAddressPoint({ 'x-address-latitude': '-33.4172', 'x-address-longitude': '-70.5476' })).toEqual(
      {
        latitude: -33.4172,
        longitude: -70.5476,
      },
    );
  });

  it.each([
    [{}],
    [{ 'x-address-latitude': '-33.4' }],
    [{ 'x-address-latitude': 'abc', 'x-address-longitude': '-70' }],
    [{ 'x-address-latitude': '91', 'x-address-longitude': '-70' }],
    [{ 'x-address-latitude': '-33', 'x-address-longitude': '181' }],
    [{ 'x-address-latitude': 'Infinity', 'x-address-longitude': '-70' }],
    [{ 'x-address-latitude': ['1', '2'], 'x-address-longitude': '-70' }],
    [{ 'x-address-latitude': '', 'x-address-longitude': '' }],
  ])('ignores a missing or malformed pair %o', (headers) => {
    expect(readAddressPoint(headers)).toBeNull();
  });
});
