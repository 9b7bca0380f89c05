import { describe, expect, it } from 'vitest';
import { readBearerToken } from './client-auth.ts';

describe('readBearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER   abc  ', 'abc'],
  ])('reads %j', (authorization, token) => {
    expect(readBearerToken({ authorization })).toBe(token);
  });

  it.each([
    [undefined],
    [''],
    ['Bearer'],
    ['Bearer '],
    ['Basic abc'],
    ['abc'],
    ['Bearer a b'],
    [`Bearer ${'a'.repeat(513)}`],
  ])('reads no token from %j', (authorization) => {
    expect(readBearerToken({ authorization })).toBeNull();
  });
});
