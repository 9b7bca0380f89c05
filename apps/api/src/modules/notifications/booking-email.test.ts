import { describe, expect, it } from 'vitest';
import { bookingCalendar } from './booking-calendar.ts';
import { type BookingEmail, renderBookingEmail, visitWhen } from './booking-email.ts';

type DatedEmail = BookingEmail & { begin: Date; end: Date };
const booking = (overrides: Partial<DatedEmail> = {}): DatedEmail => ({
  kind: 'confirmed',
  partner: { name: 'Demo Salud', mainColor: '#E35205' },
  country: 'cl',
  reference: 'V-7K2P9QXA',
  timeZone: 'America/Santiago',
  // 09:00-10:00 in Santiago on a summer day (UTC-3).
  begin: new Date('2026-12-01T12:00:00Z'),
  end: new Date('2026-12-01T13:00:00Z'),
  address: { line: 'Avenida Apoquindo 4500, Las Condes', apartment: '305', additionalInfo: 'Timbre malo' },
  patients: [
    {
      name: 'Ana <b>Pérez</b>',
      services: [
        { name: 'Glicemia', fastingHours: 8 },
        { name: 'Hemograma', fastingHours: null },
      ],
    },
  ],
  amounts: { paidOnline: 21272, payAtHome: 0 },
  manageUrl: 'http://localhost:3000/demo?appointment=abc&token=t0k',
  ...overrides,
});

describe('booking e-mail', () => {
  it("tells the visit in the sector's time zone", () => {
    expect(visitWhen(booking())).toEqual({
      day: 'martes 1 de diciembre de 2026',
      window: 'entre 09:00 y 10:00',
    });
    // The same instant is 06:00 in Mexico City (UTC-6).
    expect(visitWhen(booking({ country: 'mx', timeZone: 'America/Mexico_City' }))?.window).toBe(
      'entre 06:00 y 07:00',
    );
  });

  it('tells a new nurse in the same block as that, keeping the date and time, not as a new date', () => {
    const { subject, text } = renderBookingEmail(booking({ kind: 'nurse_changed' }));
    expect(subject).toBe('Otra profesional hará tu visita a domicilio · Demo Salud');
    expect(text).toContain(
      'Tu visita sigue en la misma fecha y hora; la hará otra profesional de nuestro equipo.',
    );
    expect(text).toContain('Hora de llegada: entre 09:00 y 10:00');
    expect(text).not.toContain('nueva fecha');
  });

  it('says what, for whom, when, where, what was paid and how to manage it, in text and HTML', () => {
    const { subject, text, html } = renderBookingEmail(booking());
    expect(subject).toBe('Tu visita a domicilio está confirmada · Demo Salud');
    for (const part of [
      'Reserva: V-7K2P9QXA',
      'Fecha: martes 1 de diciembre de 2026',
      'Hora de llegada: entre 09:00 y 10:00',
      'Dirección: Avenida Apoquindo 4500, Las Condes, depto. 305, Timbre malo',
      '  - Glicemia, requiere ayuno de 8 horas.',
      '  - Hemograma',
      'Pagado en línea: $21.272',
      'Ver, cambiar o cancelar tu reserva: http://localhost:3000/demo?appointment=abc&token=t0k',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('A pagar en el domicilio');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('href="http://localhost:3000/demo?appointment=abc&amp;token=t0k"');
  });

  it('never lets stored text become markup', () => {
    const { html } = renderBookingEmail(booking());
    expect(html).toContain('Ana &lt;b&gt;Pérez&lt;/b&gt;');
    expect(html).not.toContain('<b>Pérez</b>');
  });

  it("draws the partner's colour with readable text", () => {
    const { html } = renderBookingEmail(booking());
    // Confuturo-like orange: white would be 3.8:1, so the text on it is dark.
    expect(html).toContain('background:#e35205;color:#111827');
  });

  it('tells what is paid at home, and a cancellation offers no manage link', () => {
    const atHome = renderBookingEmail(booking({ amounts: { paidOnline: 0, payAtHome: 450 }, country: 'mx' }));
    expect(atHome.text).toContain('A pagar en el domicilio: $450');
    const cancelled = renderBookingEmail(booking({ kind: 'cancelled' }));
    expect(cancelled.subject).toBe('Tu visita a domicilio fue cancelada · Demo Salud');
    expect(cancelled.text).not.toContain('Ver, cambiar o cancelar');
  });
});

describe('the refund e-mail', () => {
  it('tells a payment the staff collected at the address as paid there, nothing left to pay', () => {
    const collected = renderBookingEmail(
      booking({ amounts: { paidOnline: 0, collected: 21272, payAtHome: 0 } }),
    );
    expect(collected.text).toContain('Pagado en el domicilio: $21.272');
    expect(collected.text).not.toContain('A pagar en el domicilio');
    expect(collected.text).not.toContain('Pagado en línea');
  });

  it('says the payment was given back and why, with no visit time, no link and no calendar', () => {
    const email = renderBookingEmail({
      ...booking({ kind: 'refunded', amounts: { paidOnline: 0, payAtHome: 0, refunded: 21272 } }),
      begin: null,
      end: null,
    });
    expect(email.subject).toBe('Devolvimos tu pago · Demo Salud');
    expect(email.text).toContain(
      'Tu pago se aprobó cuando la hora que habías reservado ya no estaba disponible, así que no quedó agendada y devolvimos el monto completo a tu tarjeta.',
    );
    expect(email.text).toContain('Devuelto a tu tarjeta: $21.272');
    expect(email.text).not.toContain('Fecha:');
    expect(email.text).not.toContain('appointment=abc');
    expect(email.html).not.toContain('Hora de llegada');
  });
});

describe('booking calendar event', () => {
  it('holds the arrival window in UTC, the address and a stable UID', () => {
    const ics = bookingCalendar(booking(), 'abc', 0);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261201T120000Z');
    expect(ics).toContain('DTEND:20261201T130000Z');
    expect(ics).toContain('UID:abc@visita');
    expect(ics).toContain('LOCATION:Avenida Apoquindo 4500\\, Las Condes\\, depto. 305');
    expect(ics).toContain('METHOD:PUBLISH');
  });

  it('a cancellation cancels the same event', () => {
    const ics = bookingCalendar(booking({ kind: 'cancelled' }), 'abc', 2);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:2');
    expect(ics).toContain('UID:abc@visita');
  });
});
