import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Collapsible } from './collapsible.tsx';
import { PriceTable } from './price-table.tsx';

const price = {
  base_price: 21980,
  service_fee: 4990,
  discount: 2198,
  net_price: 24772,
  fonasa_discount: 3000,
  payment_at_home: 0,
};

/** Each row's label and amount, as a screen reader reads the table. */
const rows = () =>
  screen
    .getAllByRole('row')
    .map((row) => [row.querySelector('th')?.textContent ?? '', row.querySelector('td')?.textContent ?? '']);

describe('the price table', () => {
  it('names every row, shows the discounts as negative amounts and the Fonasa bonus for a Fonasa patient', () => {
    render(<PriceTable price={price} countryCode="cl" insurances={['fonasa']} loading={false} />);
    const byLabel = Object.fromEntries(rows());
    expect(byLabel['Total exámenes']).toBe('$21.980');
    expect(byLabel['Bono Fonasa']).toBe('-$3.000');
    expect(byLabel['Descuento cupón']).toBe('-$2.198');
    expect(byLabel['Servicio a domicilio']).toBe('$4.990');
    expect(byLabel['Total a pagar']).toMatch(/^\$[\d.]+$/);
  });

  it('leaves the Fonasa bonus out when no patient has Fonasa', () => {
    render(<PriceTable price={price} countryCode="cl" insurances={['particular']} loading={false} />);
    expect(rows().map(([label]) => label)).not.toContain('Bono Fonasa');
  });

  it('says it is busy while the quote is being asked again', () => {
    render(<PriceTable price={price} countryCode="cl" insurances={['particular']} loading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});

describe('what the price table announces', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const cheaper = {
    ...price,
    base_price: 8990,
    net_price: 10480,
    discount: 0,
    fonasa_discount: 0,
    service_fee: 1490,
  };
  /** Every place the page says 'Total a pagar', as reading the step from the top finds it. */
  const totalsRead = () => screen.getAllByText(/Total a pagar/).length;

  it('is no live region itself; a new total is said once with its label, and the total is read once on the page', () => {
    const { rerender } = render(
      <PriceTable price={price} countryCode="cl" insurances={['particular']} loading={false} />,
    );
    expect(screen.getByRole('table').getAttribute('aria-live')).toBeNull();
    const status = screen.getByRole('status');
    // On entry the total is on screen, in the table: the status says nothing, not a second time.
    expect(status.textContent).toBe('');
    expect(totalsRead()).toBe(1);
    // While the next quote is asked, nothing is said ('Espere...' is not read out).
    rerender(<PriceTable price={price} countryCode="cl" insurances={['particular']} loading />);
    expect(status.textContent).toBe('');
    rerender(<PriceTable price={cheaper} countryCode="cl" insurances={['particular']} loading={false} />);
    // The new total, with its label, once.
    expect(status.textContent).toBe('Total a pagar $10.480');
    // Then the status empties: reading the step finds the total in the table alone.
    act(() => vi.advanceTimersByTime(3000));
    expect(status.textContent).toBe('');
    expect(totalsRead()).toBe(1);
    // The same total settling again is no news.
    rerender(<PriceTable price={cheaper} countryCode="cl" insurances={['particular']} loading />);
    rerender(<PriceTable price={cheaper} countryCode="cl" insurances={['particular']} loading={false} />);
    expect(status.textContent).toBe('');
  });

  it('says the first total of a step that opened while it was asked, then empties', () => {
    const { rerender } = render(
      <PriceTable price={price} countryCode="cl" insurances={['particular']} loading />,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<PriceTable price={cheaper} countryCode="cl" insurances={['particular']} loading={false} />);
    expect(screen.getByRole('status').textContent).toBe('Total a pagar $10.480');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('the collapsible panel', () => {
  function Panel() {
    const [open, setOpen] = useState(false);
    return (
      <Collapsible
        title="Paciente 1"
        open={open}
        onToggle={setOpen}
        openLabel="Ocultar detalle"
        closedLabel="Ver detalle"
      >
        <p>Hemograma</p>
      </Collapsible>
    );
  }

  it('shows and hides its body from a button that says whether it is expanded', async () => {
    render(<Panel />);
    const toggle = screen.getByRole('button', { name: 'Ver detalle' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const body = () => screen.getByText('Hemograma').closest('div') as HTMLElement;
    expect(body().hidden).toBe(true);
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar detalle' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(body().hidden).toBe(false);
    expect(toggle.getAttribute('aria-controls')).toBe(body().id);
  });
});
