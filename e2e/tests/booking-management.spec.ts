import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../admin-token.ts';
import { manageLink, waitForMail } from './mail-helpers.ts';

// Whole walks with axe on several steps: slower than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const PATIENT = {
  first_name: 'Valentina',
  second_name: null,
  last_name: 'Morales',
  second_last_name: 'Díaz',
  date_of_birth: '1992-04-08',
  gender: 'female',
  document_type: 'ci',
  document_number: '111111111',
  email: '',
  phone: '912345678',
  is_fonasa: false,
  items: [1],
  packs: [],
};

/** A booking on /demo, confirmed by card, at least two days ahead (so it may still change). */
async function confirmedBooking(request: APIRequestContext, email: string) {
  const created = await request.post('/api/v2/appointments/', {
    data: {
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      colony: null,
      address_line_1: 'Avenida Apoquindo 4500',
      target_street_number: '4500',
      target_residence_type: 'house',
      target_lat: -33.4129,
      target_lng: -70.5799,
      target_apartment_number: null,
      target_address_additional_info: null,
      zip_code: null,
      target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
      sales_source: 'marketplace',
      last_mile: null,
      section_origin: 'address',
      client_origin: null,
      client_id: 'demo',
      fingerprint_required: false,
    },
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  const headers = { 'x-appointment-token': token };
  const patient = { ...PATIENT, email };
  expect(
    (
      await request.patch(`/api/v2/appointments/${id}/patients/`, { headers, data: { patients: [patient] } })
    ).status(),
  ).toBe(200);
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const offered = await request.get(
    `/api/v2/time-availability/?appointment_id=${id}&locality=Las%20Condes&country=cl&items=1&from_date=${inTwoDays}`,
    { headers },
  );
  const [block] = (
    (await offered.json()) as { data: Array<{ date: string; begin_time: string; end_time: string }> }
  ).data;
  if (!block) throw new Error('no block offered');
  const held = await request.post(`/api/v2/appointments/${id}/schedule/`, {
    headers,
    data: {
      begin_date: `${block.date} ${block.begin_time}:00`,
      end_date: `${block.date} ${block.end_time}:00`,
    },
  });
  expect(held.status()).toBe(200);
  expect(
    (
      await request.post(`/api/v2/appointments/${id}/finalize/`, {
        headers,
        data: { patients: [patient], sales_source: 'marketplace' },
      })
    ).status(),
  ).toBe(200);
  const owed = (
    (await (await request.get(`/api/payments/appointments/${id}/payment_summary/`, { headers })).json()) as {
      data: { appointment: { net_price: number; payment_at_home: number } };
    }
  ).data.appointment;
  const card = await request.post('/api/v2/sandbox/card-tokens/', {
    data: {
      card_number: '4111111111111111',
      cardholder_name: 'APRO',
      expiration_month: 12,
      expiration_year: new Date().getUTCFullYear() + 1,
      security_code: '123',
    },
  });
  const paid = await request.post(`/api/v2/mercado-pago/${id}/card/`, {
    headers,
    data: {
      token: ((await card.json()) as { id: string }).id,
      payment_method_id: 'visa',
      amount: owed.net_price - owed.payment_at_home,
    },
  });
  expect(paid.status()).toBe(200);
  return { id, reference: id.slice(0, 8).toUpperCase(), block };
}

const REFUND_NOTE = 'La devolución llega a tu tarjeta en hasta 10 días hábiles, según tu banco.';

const uniqueEmail = (what: string) => `${what}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test("the confirmation e-mail's link opens 'Tu reserva', which cancels the visit", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('cancela');
  const admin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  const noted = await request.patch('/api/admin/partners/demo', {
    headers: admin,
    data: { profile: { copy: { refund_note: REFUND_NOTE } } },
  });
  expect(noted.status()).toBe(200);
  const booking = await confirmedBooking(request, email);
  const mail = await waitForMail(request, (m) => m.to.includes(email) && m.text.includes(booking.reference));
  expect(mail.subject).toBe('Tu visita a domicilio está confirmada · Demo Salud');
  expect(mail.text).toContain('Hora de llegada: entre');
  expect(mail.attachments.map((a) => a.contentType)).toContain('text/calendar');

  await page.goto(manageLink(mail));
  // The booking, its address and the widget's first screen load together: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'Tu reserva' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(booking.reference)).toBeVisible();
  await expect(page.getByText('Valentina Morales')).toBeVisible();
  await expect(page.getByText(/Puedes cambiar o cancelar tu reserva hasta el/)).toBeVisible();

  await page.getByRole('button', { name: 'Cancelar reserva' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar la reserva?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Te devolveremos \$[\d.]+ a la tarjeta/)).toBeVisible();
  // The partner's own refund note (its profile, set by the operator) is said there too.
  await expect(dialog.getByText(REFUND_NOTE, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(page.getByText('Esta reserva fue cancelada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar reserva' })).toHaveCount(0);

  const cancelled = await waitForMail(
    request,
    (m) => m.to.includes(email) && m.subject.startsWith('Tu visita a domicilio fue cancelada'),
  );
  expect(cancelled.attachments.find((a) => a.contentType === 'text/calendar')?.content).toContain(
    'METHOD:CANCEL',
  );
  // The demo partner as it was.
  await request.patch('/api/admin/partners/demo', { headers: admin, data: { profile: { copy: {} } } });
});

test("'Cambiar fecha u hora' moves the visit on the date step, without paying again", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('cambia');
  const booking = await confirmedBooking(request, email);
  const mail = await waitForMail(request, (m) => m.to.includes(email) && m.text.includes(booking.reference));

  await page.goto(manageLink(mail));
  // The booking, its address and the widget's first screen load together: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'Tu reserva' })).toBeVisible({ timeout: 20_000 });
  const before = await page.locator('.visita-booking').innerText();
  await page.getByRole('button', { name: 'Cambiar fecha u hora' }).click();
  await expect(page.getByRole('heading', { name: 'Fecha y hora de atención' })).toBeVisible();
  // Another time than the booked one: a time not chosen already. Parallel tests book the same
  // demo days, so the first day may have a single time left: then the next day that has any.
  await expect(page.locator('.visita-time').first()).toBeVisible();
  const times = page.locator('.visita-time');
  if ((await times.count()) > 1) {
    await page.locator('.visita-time[aria-pressed="false"]').first().click();
  } else {
    await page.locator('.visita-day[aria-pressed="false"]:not([disabled])').first().click();
    await times.first().click();
  }
  await expect(page.locator('.visita-time[aria-pressed="true"]')).toBeVisible();
  // A parallel test may take the chosen time first: the step then says so and chooses the next
  // free one, and Continuar is pressed again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => /\/reschedule\/$/.test(new URL(response.url()).pathname)),
      page.getByRole('button', { name: 'Continuar' }).click(),
    ]);
    if (answer.status() !== 409) break;
    await expect(
      page.getByText('Ese horario acaba de ser tomado por otra persona. Elige otro.'),
    ).toBeVisible();
  }

  await expect(page.getByRole('heading', { name: 'Tu reserva' })).toBeVisible();
  await expect(page.getByText('Cambiamos la fecha de tu visita.')).toBeVisible();
  await expect.poll(() => page.locator('.visita-booking').innerText()).not.toBe(before);
  const moved = await waitForMail(
    request,
    (m) => m.to.includes(email) && m.subject.startsWith('Cambiamos la fecha de tu visita'),
  );
  expect(moved.text).toContain(booking.reference);
});
