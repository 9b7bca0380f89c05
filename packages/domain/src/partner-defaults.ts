import type { PublicPartnerProfile } from './partner-profile.ts';

/**
 * The profile of a partner that states nothing: the product's own behaviour. A plain object, so
 * the widget can read a profile without shipping zod (partner-defaults.test.ts keeps it equal to
 * what the schema makes of `{}`).
 */
export const DEFAULT_PUBLIC_PROFILE: PublicPartnerProfile = {
  cancellation_cutoff_hours: 24,
  booking_emails: true,
  rules: {
    starts_at_first_step: false,
    confirmation_back_to_date: false,
    skips_payment_and_closes: false,
    close_restarts: false,
    exams_paid_at_home: false,
    exam_price_at_home: false,
    confirmation_display_names: false,
    out_of_coverage_closes: false,
    origin_other: true,
    extra_service_ids: [],
    payment_methods: null,
    loader_image: true,
    fund: null,
    company_pays: null,
  },
  copy: {
    introduction: {},
    steps: {},
    price_disclaimer: null,
    confirmation_warning: null,
    refund_note: null,
    results_delivery: null,
    referral_amount: null,
    company_events: null,
  },
  terms: null,
  help: null,
  footer: 'operated',
};
