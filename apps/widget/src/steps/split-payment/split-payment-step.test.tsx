import type { CartItem } from '@visita/domain/cart-item';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import { SplitPaymentStep } from './split-payment-step.tsx';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { DEFAULT_PUBLIC_PROFILE } from '@visita/domain/partner-defaults';

const exam = (id: number, name: string, price: number, slug: string): CartItem =>
  ({ id, name, price, slug, type: 'panel' }) as CartItem;

/** A company that pays the blood count and the lipid profile, not the urine test. */
const companyClient = () => {
  const client = clientConfig();
  return {
    ...client,
    profile: {
      ...DEFAULT_PUBLIC_PROFILE,
      rules: {
        ...DEFAULT_PUBLIC_PROFILE.rules,
        company_pays: { items: ['hemograma', 'perfil-lipidico'], cap_per_person: null },
      },
    },
  };
};

function renderWithCart(extra: CartItem[] = []) {
  const rendered = renderStep(<SplitPaymentStep />, { step: 'split-payment', client: companyClient() });
  cartActions(rendered.stores.cart).addItems([
    exam(1, 'Hemograma', 8990, 'hemograma'),
    exam(2, 'Perfil lipídico', 12990, 'perfil-lipidico'),
    ...extra,
  ]);
  return rendered;
}

const summary = () => screen.getByText('Paga la empresa:').closest('div')?.textContent ?? '';

describe("'¿Qué análisis clínicos paga la empresa?'", () => {
  it('lists each exam of the patient with its price, none paid by the company at first', async () => {
    renderWithCart();
    expect(await screen.findByRole('checkbox', { name: 'Hemograma' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Perfil lipídico' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(summary()).toContain('Paga la empresa: $0');
    expect(summary()).toContain('Exámenes que paga la persona atendida: $21.980');
  });

  it('moves a checked exam to the company and tells the rest is the patient’s, the fee added later', async () => {
    renderWithCart();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Hemograma' }));
    expect(summary()).toContain('Paga la empresa: $8.990');
    expect(summary()).toContain('Exámenes que paga la persona atendida: $12.990');
    expect(summary()).toContain('El servicio a domicilio se suma en la confirmación.');
  });

  it('offers only the exams the company agreed to pay', async () => {
    renderWithCart([exam(9, 'Orina completa', 3990, 'orina-completa')]);
    expect((await screen.findByRole('checkbox', { name: 'Hemograma' })).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Orina completa' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the two amounts for the payment and goes on to the confirmation', async () => {
    const { stores } = renderWithCart();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Perfil lipídico' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.price.getState()).toMatchObject({ clientAmountToPay: 12990, patientAmountToPay: 8990 });
    expect(stores.flow.getState().step).toBe('confirmation');
  });
});
