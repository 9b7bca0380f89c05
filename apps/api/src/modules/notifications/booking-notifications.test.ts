import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../adapters/mail/smtp-mailer.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { clients, outboxEvents, payments, visits } from '../../db/schema.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { CONSOLE_GATEWAY } from '../payments/queries.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import {
  finalizePatient,
  insertLabNurse,
  paidScheduledAppointment,
} from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createOutboxWorker } from '../outbox/worker.ts';
import { verifySignature } from '../webhooks/signature.ts';
import { createBookingDeliverer } from './deliver-booking-event.ts';
import { writeDueReminders } from './reminders.ts';

const SECRET = 'whsec_partner_0123456789';

describe.each(TEST_ENGINES)('after a booking on $name: e-mails and webhooks through the outbox', (engine) => {
  let t: TestApp;
  let nurseId: number;
  const mails: ParsedMail[] = [];
  const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
  let smtp: SMTPServer;
  let hookServer: Server;
  let smtpPort = 0;

  beforeAll(async () => {
    // The partner's receiver runs on this machine: webhooks may reach it only with this setting.
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    nurseId = await insertLabNurse(t.app.db, 'Enfermera correos');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => mails.push(mail))
          .then(() => callback(), callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    hookServer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        hooks.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/visita`;
    await t.app.db
      .update(clients)
      .set({ profile: { webhook: { url: hookUrl, secret: SECRET } } })
      .where(eq(clients.id, 'demo'));
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await new Promise<void>((resolve) => hookServer?.close(() => resolve()));
    await t?.close();
  });

  const worker = () =>
    createOutboxWorker({
      db: t.app.db,
      deliver: createBookingDeliverer({
        db: t.app.db,
        mailer: createSmtpMailer(`smtp://127.0.0.1:${smtpPort}`),
        gateway: createSandboxGateway(t.app.db),
        catalogue: t.app.catalogue,
        publicUrl: 'https://reservas.example',
        mailFrom: 'reservas@visita.example',
        rosters: t.app.rosters,
        webhookAllowPrivate: t.app.config.WEBHOOK_ALLOW_PRIVATE,
      }),
    });

  /** Finalised for two patients, each with their own e-mail, and paid by card. */
  const confirmedBooking = (blockStart: Date) =>
    paidScheduledAppointment(t.app, {
      nurseId,
      blockStart,
      patients: [
        finalizePatient({ first_name: 'Valentina', email: 'valentina.morales@correo.cl' }),
        finalizePatient({ first_name: 'Tomás', email: 'tomas.morales@correo.cl' }),
      ],
    });

  it('a confirmation e-mails the contact and each patient, with the visit, a manage link and a calendar event; the partner gets a signed webhook', async () => {
    // 12:00 UTC is 09:00 in Santiago on 1 December 2032 (summer time, UTC-3).
    const booking = await confirmedBooking(new Date(Date.UTC(2032, 11, 1, 12)));
    const events = await t.app.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.appointmentId, booking.id));
    expect(events.map((event) => [event.topic, event.channel]).sort()).toEqual([
      ['appointment.confirmed', 'email'],
      ['appointment.confirmed', 'email'],
      ['appointment.confirmed', 'webhook'],
    ]);

    expect(await worker().runOnce()).toBe(3);
    const sent = mails.filter((mail) => mail.text?.includes(booking.id.slice(0, 8).toUpperCase()));
    expect(sent.map((mail) => (mail.to as { text: string }).text).sort()).toEqual([
      'tomas.morales@correo.cl',
      'valentina.morales@correo.cl',
    ]);
    const [mail] = sent;
    expect(mail?.subject).toBe('Tu visita a domicilio está confirmada · Demo Salud');
    expect(mail?.from?.text).toContain('Demo Salud');
    expect(mail?.text).toContain('Fecha: miércoles 1 de diciembre de 2032');
    expect(mail?.text).toContain('Hora de llegada: entre 09:00 y 10:00');
    expect(mail?.text).toContain('Dirección: Avenida Apoquindo 4500, Las Condes');
    expect(mail?.text).toContain('Valentina Morales:');
    expect(mail?.text).toMatch(/Glicemia, requiere ayuno de \d+ horas\./);
    expect(mail?.text).toContain(`Pagado en línea: $${booking.amount.toLocaleString('es-CL')}`);
    expect(mail?.html).toContain('<html lang="es">');
    expect(mail?.attachments.map((a) => a.contentType)).toEqual(['text/calendar']);
    expect(mail?.attachments[0]?.content.toString()).toContain('DTSTART:20321201T120000Z');

    // The link in the e-mail opens the booking: its own token, not the one the widget held.
    const link = new URL(/https:\/\/reservas\.example\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    expect(link.pathname).toBe('/demo');
    expect(link.searchParams.get('appointment')).toBe(booking.id);
    const linkToken = link.searchParams.get('token') ?? '';
    expect(linkToken).not.toBe(booking.token);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v2/appointments/${booking.id}/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: linkToken },
    });
    expect(opened.statusCode).toBe(200);

    const hook = hooks.find((h) => h.body.includes(booking.id));
    expect(hook).toBeDefined();
    expect(
      verifySignature(
        SECRET,
        hook?.headers['x-visita-signature'] as string,
        hook?.body ?? '',
        Date.now() / 1000,
      ),
    ).toEqual({ ok: true });
    const body = JSON.parse(hook?.body ?? '{}');
    expect(body).toMatchObject({
      type: 'appointment.confirmed',
      data: { appointment_id: booking.id, status: 'confirmed' },
    });
    // The profile did not ask for personal data: none is sent.
    expect(hook?.body).not.toContain('Valentina');
    expect(hook?.body).not.toContain('correo.cl');
    // Delivered once: nothing left to claim.
    expect(await worker().runOnce()).toBe(0);
  });

  it('a confirmation resent after the payment was collected at the address says so, and asks for nothing more', async () => {
    const booking = await confirmedBooking(new Date(Date.UTC(2031, 5, 3, 14)));
    await worker().runOnce();
    // As the console leaves a payment it recorded collected: approved, by the staff.
    await t.app.db
      .update(payments)
      .set({ gateway: CONSOLE_GATEWAY, method: 'cash' })
      .where(eq(payments.appointmentId, booking.id));
    const { headers } = await consoleSessionFor(t.app, { role: 'admin' });
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/console/appointments/${booking.id}/resend-confirmation`,
      headers,
    });
    expect(resent.statusCode, resent.body).toBe(204);
    const before = mails.length;
    await worker().runOnce();
    const code = booking.id.slice(0, 8).toUpperCase();
    const again = mails.slice(before).filter((mail) => mail.text?.includes(code));
    expect(again.length).toBeGreaterThan(0);
    for (const mail of again) {
      expect(mail.text).toContain('Pagado en el domicilio: $');
      expect(mail.text).not.toContain('A pagar en el domicilio');
      expect(mail.text).not.toContain('Pagado en línea');
    }
  });

  it('a card-paid visit cancelled from the console tells the amount going back to the card, and nothing to pay', async () => {
    const booking = await confirmedBooking(new Date(Date.UTC(2031, 5, 4, 14)));
    await worker().runOnce();
    const [card] = await t.app.db.select().from(payments).where(eq(payments.appointmentId, booking.id));
    expect(card?.status).toBe('approved');
    const { headers } = await consoleSessionFor(t.app, { role: 'admin' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/console/appointments/${booking.id}/cancel`,
      headers,
      payload: { reason: 'La paciente viaja' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = mails.length;
    await worker().runOnce();
    const code = booking.id.slice(0, 8).toUpperCase();
    const told = mails.slice(before).filter((mail) => mail.text?.includes(code));
    expect(told.length).toBe(2);
    const amount = new Intl.NumberFormat('es-CL').format(card?.amount ?? 0);
    for (const mail of told) {
      expect(mail.subject).toMatch(/^Tu visita a domicilio fue cancelada/);
      expect(mail.text).toContain(`Devuelto a tu tarjeta: $${amount}`);
      expect(mail.text).not.toContain('Pagado en línea');
      expect(mail.text).not.toContain('A pagar en el domicilio');
    }
  });

  it('a visit within 24 hours gets one reminder, however often reminders are written', async () => {
    const soon = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 3_600_000) * 3_600_000);
    const booking = await confirmedBooking(soon);
    expect(await writeDueReminders(t.app.db)).toBeGreaterThanOrEqual(1);
    // Looked at once: the next passes do not read it again (nor any other visit already seen).
    expect(await writeDueReminders(t.app.db)).toBe(0);
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.appointmentId, booking.id));
    expect(visit?.remindedAt).toBeInstanceOf(Date);
    const reminders = await t.app.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.appointmentId, booking.id));
    expect(
      reminders.filter((event) => event.topic === 'appointment.reminder').map((event) => event.channel),
    ).toEqual(['email', 'email']);
    await worker().runOnce();
    expect(
      mails.filter(
        (mail) =>
          mail.subject === 'Mañana te visitamos · Demo Salud' &&
          mail.text?.includes(booking.id.slice(0, 8).toUpperCase()),
      ),
    ).toHaveLength(2);
  });
});
