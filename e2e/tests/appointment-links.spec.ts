import { type APIRequestContext, expect, test } from '@playwright/test';

/** An appointment made through the API, as a partner's system makes one to send its link. */
async function createAppointment(request: APIRequestContext): Promise<{ id: string; token: string }> {
  const response = await request.post('/api/v2/appointments/', {
    data: {
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      colony: null,
      address_line_1: 'Avenida Apoquindo 4500',
      target_street_number: '4500',
      target_residence_type: 'apartment',
      target_lat: -33.4129,
      target_lng: -70.5799,
      target_apartment_number: '1203',
      target_address_additional_info: 'Conserjería 24 horas',
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
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; token: string };
}

const INVALID = 'El enlace de la cita no es válido.';

test('a link with the appointment and its token opens the appointment with its address', async ({
  page,
  request,
}) => {
  const { id, token } = await createAppointment(request);
  await page.goto(`/demo?appointment=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`);
  // The scheduled-appointment wording, not a cart.
  await expect(page.getByRole('heading', { name: 'Tu cita a domicilio' })).toBeVisible();
  await expect(page.getByText('Revisa y completa los datos de tu cita agendada.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tu carrito' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/Apoquindo 4500/);
  await expect(page.getByText(INVALID)).toHaveCount(0);
  await expect(page.getByText('No fue encontrado el id de la cita')).toHaveCount(0);
});

test('a link without the token, or with a wrong one, says the link is not valid', async ({
  page,
  request,
}) => {
  const { id, token } = await createAppointment(request);
  for (const query of [
    `appointment=${encodeURIComponent(id)}`,
    `appointment=${encodeURIComponent(id)}&token=${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`,
  ]) {
    await page.goto(`/demo?${query}`);
    await expect(page.getByRole('heading', { name: INVALID })).toBeVisible();
    await expect(page.getByText(/pide uno nuevo a quien te lo envió/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuar' })).toHaveCount(0);
  }
});
