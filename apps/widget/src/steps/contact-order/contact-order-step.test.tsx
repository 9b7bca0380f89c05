import { PREVISION_LABEL } from '@visita/domain/contact';
import { REQUIRED_FIELD_MESSAGE } from '@visita/domain/validators/required';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderStep } from '../../test-support/render-step.tsx';
import { ContactOrderStep } from './contact-order-step.tsx';

describe("the medical order's 'Datos de contacto'", () => {
  it('shows nothing wrong before the first try, then every missing field on its field, and stays', async () => {
    const { stores } = renderStep(<ContactOrderStep />, { step: 'contact-order' });
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const name = screen.getByRole('textbox', { name: 'Nombre completo' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: PREVISION_LABEL }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(REQUIRED_FIELD_MESSAGE);
    expect(stores.flow.getState().step).toBe('contact-order');
    // The first field in error takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('clears a field’s message as soon as it is filled', async () => {
    renderStep(<ContactOrderStep />, { step: 'contact-order' });
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const name = screen.getByRole('textbox', { name: 'Nombre completo' });
    await userEvent.type(name, 'Rocío Parra');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });
});
