import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_PROFILE } from './partner-defaults.ts';
import { publicPartnerProfileSchema } from './partner-profile.ts';

describe('the default partner profile', () => {
  it('is exactly what the schema makes of an empty profile', () => {
    expect(DEFAULT_PUBLIC_PROFILE).toEqual(publicPartnerProfileSchema.parse({}));
  });
});
