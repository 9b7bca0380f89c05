import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field.tsx';

function Phone({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <PhoneField label="Teléfono" value={value} onValue={setValue} maxLength={12} />;
}

describe('the phone field', () => {
  it('is one field that writes the country code once, in front of the number', async () => {
    render(<Phone initial="+569" />);
    const input = screen.getByRole('textbox', { name: 'Teléfono' }) as HTMLInputElement;
    const country = screen.getByRole('button', { name: 'Código de país: Chile +56' });
    // The chooser and the number share one box; the chooser names the country, not its code.
    expect(country.parentElement).toBe(input.parentElement);
    expect(country.parentElement?.className).toContain('visita-phone__box');
    await userEvent.type(input, '61234567');
    expect(input.value).toBe('+56 961 234 567');
    // What the field shows: its label, the chooser's text and the number.
    const field = input.closest('.visita-phone') as HTMLElement;
    expect(`${field.textContent ?? ''} ${input.value}`.match(/\+56/g)).toHaveLength(1);
  });
});
