import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { OriginStep } from './origin-step.tsx';

const withReceivers = clientConfig({
  receivers: [
    { id: 'r2', name: 'Urgencia' },
    { id: 'r1', name: 'Consulta médica' },
  ],
});

async function choose(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Origen de la cita' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe("'Selecciona el origen de la cita'", () => {
  it("lists the client's origins and 'Otro', and cannot go on before one is chosen", async () => {
    renderStep(<OriginStep />, {
      step: 'origin',
      stepList: ['address', 'origin', 'services'],
      client: withReceivers,
    });
    expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('combobox', { name: 'Origen de la cita' }));
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names).toEqual(expect.arrayContaining(['Consulta médica', 'Urgencia', 'Otro']));
  });

  it('lists the origins of a client that has origins and no receivers', async () => {
    const { stores } = renderStep(<OriginStep />, {
      step: 'origin',
      stepList: ['address', 'origin', 'services'],
      client: clientConfig({ receivers: [], origins: ['Toma en domicilio', 'Campaña'] }),
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Origen de la cita' }));
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names).toEqual(expect.arrayContaining(['Campaña', 'Toma en domicilio']));
    await userEvent.click(screen.getByRole('option', { name: 'Campaña' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.session.getState().selectedClientOrigin).toBe('Campaña');
  });

  it('keeps a chosen origin for the booking and goes on', async () => {
    const { stores } = renderStep(<OriginStep />, {
      step: 'origin',
      stepList: ['address', 'origin', 'services'],
      client: withReceivers,
    });
    await choose('Urgencia');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.session.getState().selectedClientOrigin).toBe('Urgencia');
    expect(stores.flow.getState().step).toBe('services');
  });

  it("asks for the text of 'Otro' and keeps what was typed as the origin", async () => {
    const { stores } = renderStep(<OriginStep />, {
      step: 'origin',
      stepList: ['address', 'origin', 'services'],
      client: withReceivers,
    });
    await choose('Otro');
    const button = screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Otro origen' }), '  Feria de salud ');
    expect(button.disabled).toBe(false);
    await userEvent.click(button);
    expect(stores.session.getState().selectedClientOrigin).toBe('Feria de salud');
  });
});
