import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';
import { FormError, SelectField, TextField } from './form.tsx';

function ControlledName({ error }: { error?: string | null }) {
  const [value, setValue] = useState('');
  return <TextField label="Primer nombre" value={value} onValue={setValue} error={error} />;
}

describe('the UI kit fields', () => {
  it('label their input, so a screen reader names it', () => {
    render(<Field label="Dirección" />);
    expect(screen.getByRole('textbox', { name: 'Dirección' })).toBeTruthy();
  });

  it('tie an error to its field: announced, invalid and described by it', () => {
    render(<ControlledName error="Este campo es requerido" />);
    const input = screen.getByRole('textbox', { name: 'Primer nombre' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Este campo es requerido');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
  });

  it('show no error, and no invalid state, when there is none', () => {
    render(<ControlledName />);
    const input = screen.getByRole('textbox', { name: 'Primer nombre' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('hand the typed text to the form as it is typed', async () => {
    render(<ControlledName />);
    const input = screen.getByRole('textbox', { name: 'Primer nombre' }) as HTMLInputElement;
    await userEvent.type(input, 'Rocío');
    expect(input.value).toBe('Rocío');
  });

  it('offer a select its options after the placeholder, and report the choice', async () => {
    const chosen: string[] = [];
    render(
      <SelectField
        label="Tipo de documento"
        value=""
        onValue={(value) => chosen.push(value)}
        placeholder="--"
        options={[
          { value: 'ci', label: 'Rut' },
          { value: 'passport', label: 'Pasaporte' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tipo de documento' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '--',
      'Rut',
      'Pasaporte',
    ]);
    await userEvent.selectOptions(select, 'passport');
    expect(chosen).toEqual(['passport']);
  });

  it('announce a form-level error, and nothing without one', () => {
    const { rerender } = render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError message="Revisa los datos marcados" />);
    expect(screen.getByRole('alert').textContent).toBe('Revisa los datos marcados');
  });
});
