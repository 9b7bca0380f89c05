import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import {
  openPage,
  APOQUINDO,
  button,
  chooseAddress,
  freshEmail,
  select,
  textbox,
} from './test-support/booking-actions.ts';
import { withRealApi } from './test-support/real-api.ts';

const api = withRealApi();
const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });
const continueButton = () => button('Continuar') as HTMLButtonElement;

/** The smallest PDF the order upload accepts (the server judges its type by its content). */
const ORDER_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

afterEach(() => openPage('/'));

describe('a medical order from the first screen to its receipt, against the real API', () => {
  it('sends the uploaded order with the contact and the address, and says it was received', async () => {
    openPage('/demo');
    render(<App clientId="demo" />);
    await heading('Exámenes y vacunas a domicilio');
    await userEvent.click(continueButton());
    await heading('¿Cómo quieres agendar?');
    await userEvent.click(screen.getByRole('radio', { name: /Agendar con mi orden médica/ }));
    await userEvent.click(continueButton());

    await heading('Sube tu orden médica');
    expect(continueButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('order-file-input'), {
      target: { files: [new File([ORDER_PDF], 'orden.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('list', { name: 'Archivos seleccionados' })).textContent).toContain(
      'orden.pdf',
    );
    await userEvent.click(continueButton());

    await heading('Datos de contacto');
    await userEvent.type(textbox('Nombre completo'), 'Carla Muñoz');
    const phone = screen.getByRole('textbox', { name: 'Teléfono' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '+56911112222');
    // Shown with the country's mask.
    expect((phone as HTMLInputElement).value).toBe('+56 911 112 222');
    await userEvent.type(textbox('Correo electrónico'), freshEmail());
    await userEvent.selectOptions(select('Previsión'), screen.getByRole('option', { name: 'Fonasa' }));
    await userEvent.click(continueButton());

    await heading('¿Dónde te visitamos?');
    // The address is asked for before the order goes.
    await userEvent.click(continueButton());
    expect(await screen.findByText('No se ha seleccionado una dirección')).toBeTruthy();
    await chooseAddress(APOQUINDO);
    await userEvent.type(textbox('Piso, oficina o departamento (opcional)'), '1203');
    await userEvent.click(continueButton());

    await heading('¡Recibimos tu orden médica!');
    expect(api.requests).toContain('POST /api/orden-medica/create-ticket/');
    expect(
      screen.getByText('Te contactaremos en las próximas horas con la cotización de tus exámenes.'),
    ).toBeTruthy();
    await userEvent.click(button('Cerrar'));
    await heading('Exámenes y vacunas a domicilio');
    await waitFor(() => expect(document.querySelector('[data-step="introduction"]')).not.toBeNull());
  }, 90_000);
});
