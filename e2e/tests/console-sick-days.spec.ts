import { expect, test } from '@playwright/test';
import { bookInWidget, expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

/**
 * A nurse calls in sick: from the agenda, her absence on the day of a widget booking is proposed
 * (nothing changes yet), then applied; the booking is moved to another nurse and said so.
 */

test.describe.configure({ timeout: 180_000 });

test('a nurse marked absent from the agenda has her visit proposed to another nurse, then moved', async ({
  page,
  browser,
}) => {
  const booking = await bookInWidget(browser);
  await signInAsAdmin(page);
  // Two weeks later, where no other test of the run books (they all take the first free time):
  // the absence then touches this visit and no other test's.
  const day = new Date(Date.parse(`${booking.date}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  const moved = await page.evaluate(
    async ({ id, date }) => {
      const { csrf_token: token } = (await (await fetch('/api/console/auth/csrf')).json()) as {
        csrf_token: string;
      };
      const options = (await (
        await fetch(`/api/console/appointments/${id}/move-options?date=${date}`)
      ).json()) as {
        blocks: Array<{ begin_date: string; end_date: string; nurses: Array<{ id: string }> }>;
      };
      const block = options.blocks.find((candidate) => candidate.nurses.length > 0);
      if (!block) return { status: 0, begin: '' };
      const answer = await fetch(`/api/console/appointments/${id}/move`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({
          begin_date: block.begin_date,
          end_date: block.end_date,
          nurse_id: block.nurses[0]?.id,
        }),
      });
      return { status: answer.status, begin: block.begin_date };
    },
    { id: booking.id, date: day },
  );
  expect(moved.status).toBe(200);
  await page.goto(`/console/citas/${booking.id}`);
  const visit = page.getByRole('table', { name: 'Visita' });
  const cell = (name: RegExp) => visit.getByRole('row', { name }).getByRole('cell');
  await expect(cell(/^Enfermera/)).not.toHaveText('Sin asignar');
  const nurse = (await cell(/^Enfermera/).innerText()).trim();
  const sector = (await cell(/^Sector/).innerText()).trim();
  const code = (await page.getByRole('heading', { level: 1 }).innerText()).replace(/^Cita /, '').trim();

  await openSection(page, 'Agenda');
  await page.getByRole('combobox', { name: 'Sector' }).selectOption({ label: sector });
  await page.getByLabel('Fecha').fill(day);
  const grid = page.getByRole('table', { name: /una fila por enfermera/ });
  await expect(grid.locator(`a[href$="/citas/${booking.id}"]`)).toBeVisible();
  // The day's travel below the grid: a table of legs, or the sentence that there are none.
  const travel = page.locator('section[aria-labelledby="agenda-route-title"]');
  await expect(page.getByRole('heading', { level: 2, name: 'Traslados del día' })).toBeVisible();
  await expect(
    travel
      .getByRole('table', { name: /distancia en línea recta/ })
      .or(page.getByText('Ninguna enfermera tiene dos visitas ese día: no hay traslados.')),
  ).toBeVisible();
  await expectNoViolations(page, '/agenda con traslados');
  const open = page.getByRole('button', { name: `Marcar ausencia de ${nurse}` });
  await open.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: `Ausencia de ${nurse}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Desde')).toHaveValue(day);
  await expect(dialog.getByLabel('Hasta')).toHaveValue(day);
  // A range backwards is refused with its message.
  await dialog.getByLabel('Hasta').fill('2020-01-01');
  await dialog.getByRole('button', { name: 'Ver propuesta' }).click();
  await expect(dialog.getByRole('alert')).toContainText('El último día no puede ser anterior al primero.');
  await dialog.getByLabel('Hasta').fill(day);
  await dialog.getByRole('button', { name: 'Ver propuesta' }).click();
  const proposal = dialog.getByRole('table', { name: 'Sus visitas y quién las toma' });
  const row = proposal.getByRole('row').filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row).toContainText(moved.begin.slice(0, 16));
  await expect(row).not.toContainText(`${nurse} ·`);
  await expectNoViolations(page, 'Ausencia: propuesta');

  await dialog.getByRole('button', { name: 'Marcar ausencia y mover visitas' }).click();
  const summary = dialog.getByRole('status').filter({ hasText: 'Ausencia registrada.' });
  await expect(summary).toBeFocused();
  const result = dialog.getByRole('table', { name: 'Resultado: sus visitas y dónde quedaron' });
  await expect(result.getByRole('row').filter({ hasText: code })).toContainText('Movida');
  await expectNoViolations(page, 'Ausencia: resultado');
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();

  // Her booking now has another nurse; the history says why.
  await page.goto(`/console/citas/${booking.id}`);
  await expect(cell(/^Enfermera/)).not.toHaveText(nurse);
  await expect(cell(/^Enfermera/)).not.toHaveText('Sin asignar');
  await expect(page.getByRole('table', { name: /Cambios de la cita/ })).toContainText('sick_days');
});
