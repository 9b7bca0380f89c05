import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { LmPaidAmountStep } from './lm-paid-amount-step.tsx';

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const amount = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

describe("'Monto a Pagar'", () => {
  it('asks for the subtotal before going on, on the field, and stays', async () => {
    const { stores } = renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount' });
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('El subtotal es obligatorio');
    expect(amount('Subtotal').getAttribute('aria-invalid')).toBe('true');
    expect(stores.flow.getState().step).toBe('lm-paid-amount');
  });

  it('computes the IVA and the total on the subtotal less the discount: 19 % in Chile, in whole pesos', async () => {
    renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount', client: clientConfig({ country: 'cl' }) });
    await userEvent.type(amount('Subtotal'), '10000');
    await userEvent.type(amount('Promoción / Descuento (monto)'), '1000');
    expect(field('IVA').value).toBe('$1.710');
    expect(field('Total').value).toBe('$10.710');
    await userEvent.clear(amount('Subtotal'));
    await userEvent.type(amount('Subtotal'), '1999');
    await userEvent.clear(amount('Promoción / Descuento (monto)'));
    expect(field('IVA').value).toBe('$380');
    expect(field('Total').value).toBe('$2.379');
  });

  it('computes the IVA at 16 % in Mexico, to the cent', async () => {
    renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount', client: clientConfig({ country: 'mx' }) });
    await userEvent.type(amount('Subtotal'), '1000.5');
    await userEvent.type(amount('Promoción / Descuento (monto)'), '100');
    expect(field('IVA').value).toBe('$144.08');
    expect(field('Total').value).toBe('$1,044.58');
  });

  it('refuses a discount over the subtotal as it is typed, and more than two decimals', async () => {
    renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount' });
    await userEvent.type(amount('Subtotal'), '5000');
    await userEvent.type(amount('Promoción / Descuento (monto)'), '6000');
    expect(screen.getByRole('alert').textContent).toBe('El descuento no puede ser mayor al subtotal');
    await userEvent.clear(amount('Promoción / Descuento (monto)'));
    await userEvent.type(amount('Promoción / Descuento (monto)'), '1.005');
    expect(screen.getByRole('alert').textContent).toBe('El monto puede tener como máximo 2 decimales');
    expect(field('Total').value).toBe('$0');
  });
});
