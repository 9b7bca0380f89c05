import { describe, expect, it } from 'vitest';
import { toAppointmentAddress } from '../addresses.ts';
import { AMOUNT_NEGATIVE_MESSAGE, validateAmountToPay } from '../money.ts';
import {
  appointmentAddressSchema,
  availabilityAnswerSchema,
  availabilityQuerySchema,
  createAppointmentBodySchema,
  finalizeAppointmentBodySchema,
  manualConfirmBodySchema,
  scheduleBodySchema,
  setAmountBodySchema,
} from './appointments.ts';

const address = toAppointmentAddress({
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  commune: 'Las Condes',
  street: 'Avenida Apoquindo',
  number: '4500',
  type: 'house',
  latitude: -33.41,
  longitude: -70.57,
});

const patient = {
  first_name: 'Ana',
  last_name: 'Pérez',
  second_last_name: 'Soto',
  date_of_birth: '1990-05-17',
  gender: 'female',
  document_type: 'ci',
  document_number: '11.111.111-1',
  email: 'ana@example.com',
  phone: '+56912345678',
  items: [1],
};

describe('appointments contract', () => {
  it('accepts the address the domain builds', () => {
    expect(appointmentAddressSchema.parse(address)).toEqual(address);
  });

  it('fills the creation defaults and refuses a bad address', () => {
    const body = createAppointmentBodySchema.parse({
      ...address,
      sales_source: 'marketplace',
      section_origin: 'sdk',
      client_id: 'demo',
    });
    expect(body).toMatchObject({ last_mile: null, client_origin: null, fingerprint_required: false });
    expect(createAppointmentBodySchema.safeParse({ ...body, target_lat: 100 }).success).toBe(false);
    expect(createAppointmentBodySchema.safeParse({ ...body, target_residence_type: 'castle' }).success).toBe(
      false,
    );
  });

  it('reads availability queries and answers', () => {
    expect(
      availabilityQuerySchema.parse({
        appointment_id: 'a1',
        locality: 'Las Condes',
        region: 'Región Metropolitana de Santiago',
        include_source_only: 'true',
        country: 'cl',
        items: ['1', '2'],
        from_date: '2026-11-22',
      }),
    ).toEqual({
      appointment_id: 'a1',
      locality: 'Las Condes',
      region: 'Región Metropolitana de Santiago',
      include_source_only: true,
      country: 'cl',
      items: ['1', '2'],
      from_date: '2026-11-22',
    });
    // The product's fields are accepted, never required.
    expect(
      availabilityQuerySchema.safeParse({ appointment_id: 'a1', country: 'cl', items: ['1'] }).success,
    ).toBe(true);
    expect(
      availabilityAnswerSchema.parse({
        data: [{ date: '2026-11-23', begin_time: '09:00', end_time: '10:00' }],
      }).data,
    ).toHaveLength(1);
    expect(
      availabilityAnswerSchema.safeParse({ data: [{ date: '2026-11-23', begin_time: '9' }] }).success,
    ).toBe(false);
  });

  it.each([
    [{ begin_date: '2026-11-23 09:00:00', end_date: '2026-11-23 10:00:00' }, true],
    [{ begin_date: '2026-11-23', end_date: '2026-11-23 10:00:00' }, false],
    [{ begin_date: '2026-11-23 09:00:00', end_date: '2026-11-23 10:00:00', items: '1,2' }, true],
  ])('schedule body %o valid %s', (body, valid) => {
    expect(scheduleBodySchema.safeParse(body).success).toBe(valid);
  });

  it("defaults a manual confirmation to In address, Partner, forced; the payment status is the source's", () => {
    // Left out, payment_status takes the sales source's default (Payment Pending for some sources).
    expect(manualConfirmBodySchema.parse({})).toEqual({
      payment_method: 'In address',
      payment_gateway: 'Partner',
      split_payment: false,
      client_exams_to_pay: [],
      patient_exams_to_pay: [],
      force_confirmation: true,
    });
  });

  it('carries patients to finalise and amounts to set', () => {
    const parsed = finalizeAppointmentBodySchema.parse({ patients: [patient], sales_source: 'marketplace' });
    expect(parsed.patients[0]).toMatchObject({ packs: [], is_fonasa: false });
    expect(finalizeAppointmentBodySchema.safeParse({ patients: [], sales_source: 'x' }).success).toBe(false);
    expect(setAmountBodySchema.safeParse({ discount: 10, total: 116 }).success).toBe(true);
    // A negative amount passes the schema so the amount rules answer it with the product's text.
    const negative = setAmountBodySchema.parse({ discount: -1, total: 116 });
    expect(validateAmountToPay({ subtotal: negative.total, promotion: negative.discount }).promotion).toBe(
      AMOUNT_NEGATIVE_MESSAGE,
    );
    expect(setAmountBodySchema.safeParse({ discount: 'x', total: 116 }).success).toBe(false);
  });
});
