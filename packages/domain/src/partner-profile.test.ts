import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CANCELLATION_CUTOFF_HOURS,
  partnerProfileSchema,
  publicPartnerProfile,
  readPartnerProfile,
} from './partner-profile.ts';

describe('partner profile', () => {
  it('an empty profile is valid: 24 h cut-off, e-mails on, no webhook', () => {
    const profile = readPartnerProfile({});
    expect(profile).toMatchObject({
      cancellation_cutoff_hours: DEFAULT_CANCELLATION_CUTOFF_HOURS,
      booking_emails: true,
      webhook: null,
      terms: null,
      help: null,
      footer: 'operated',
    });
    // Every rule defaults to the product's own behaviour.
    expect(profile.rules).toMatchObject({
      starts_at_first_step: false,
      exams_paid_at_home: false,
      origin_other: true,
      extra_service_ids: [],
      payment_methods: null,
      loader_image: true,
      fund: null,
    });
    expect(profile.copy.price_disclaimer).toBeNull();
    expect(readPartnerProfile(null)).toEqual(readPartnerProfile({}));
  });

  it('keeps what is valid and defaults what is not, field by field', () => {
    expect(
      readPartnerProfile({ cancellation_cutoff_hours: 48, booking_emails: 'yes', webhook: { url: 'x' } }),
    ).toMatchObject({
      cancellation_cutoff_hours: 48,
      booking_emails: true,
      webhook: null,
    });
    const mixed = readPartnerProfile({ rules: { exams_paid_at_home: true }, footer: 'sideways' });
    expect(mixed.rules.exams_paid_at_home).toBe(true);
    expect(mixed.footer).toBe('operated');
  });

  it('a fund gets its checks and close warning unless it says otherwise', () => {
    const profile = partnerProfileSchema.parse({ rules: { fund: { once_per_patient_items: ['vacuna'] } } });
    expect(profile.rules.fund).toEqual({
      name: null,
      affiliation_check: true,
      once_per_patient_items: ['vacuna'],
      close_warning: true,
    });
  });

  it.each([
    [{ rules: { payment_methods: [] } }, 'no payment method at all'],
    [{ rules: { payment_methods: ['bitcoin'] } }, 'an unknown payment method'],
    [{ rules: { extra_service_ids: [-1] } }, 'a negative service id'],
    [{ copy: { introduction: { title: '   ' } } }, 'a blank title'],
    [{ copy: { steps: { '<script>': { title: 'x' } } } }, 'a step name that is not one'],
    [
      {
        help: {
          question: '¿?',
          action: { kind: 'phone', label: 'Llamar', href: 'javascript:alert(1)' },
          hours: 'x',
        },
      },
      'a help link that runs script',
    ],
    [{ terms: { title: 'Términos', sections: [] } }, 'terms without a section'],
  ] as [unknown, string][])('refuses %o (%s)', (profile) => {
    expect(partnerProfileSchema.safeParse(profile).success).toBe(false);
  });

  it('the public profile never carries the webhook', () => {
    const profile = partnerProfileSchema.parse({
      webhook: { url: 'https://p.example', secret: 'whsec_0123456789abcdef' },
    });
    expect(publicPartnerProfile(profile)).not.toHaveProperty('webhook');
    expect(JSON.stringify(publicPartnerProfile(profile))).not.toContain('whsec_');
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
