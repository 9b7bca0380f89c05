import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CANCELLATION_CUTOFF_HOURS,
  partnerProfileSchema,
  readPartnerProfile,
} from './partner-profile.ts';

describe('partner profile', () => {
  it('an empty profile is valid: 24 h cut-off, e-mails on, no webhook', () => {
    expect(readPartnerProfile({})).toEqual({
      cancellation_cutoff_hours: DEFAULT_CANCELLATION_CUTOFF_HOURS,
      booking_emails: true,
      webhook: null,
    });
    expect(readPartnerProfile(null)).toEqual(readPartnerProfile({}));
  });

  it('keeps what is valid and defaults what is not, field by field', () => {
    expect(
      readPartnerProfile({ cancellation_cutoff_hours: 48, booking_emails: 'yes', webhook: { url: 'x' } }),
    ).toEqual({
      cancellation_cutoff_hours: 48,
      booking_emails: true,
      webhook: null,
    });
  });

  it.each([
    ['https://partner.example/hooks', true],
    ['http://127.0.0.1:4000/hooks', true],
    ['http://partner.example/hooks', false],
    ['javascript:alert(1)', false],
  ])('a webhook at %s is accepted: %s', (url, accepted) => {
    const result = partnerProfileSchema.safeParse({ webhook: { url, secret: 'whsec_0123456789abcdef' } });
    expect(result.success).toBe(accepted);
  });

  it('a webhook needs a secret of at least 16 characters, and personal data is off unless said', () => {
    expect(
      partnerProfileSchema.safeParse({ webhook: { url: 'https://p.example', secret: 'short' } }).success,
    ).toBe(false);
    expect(
      partnerProfileSchema.parse({ webhook: { url: 'https://p.example', secret: 'whsec_0123456789abcdef' } })
        .webhook?.include_personal_data,
    ).toBe(false);
  });
});
