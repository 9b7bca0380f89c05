import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { ScheduleTypeStep } from './schedule-type-step.tsx';

const both = clientConfig({
  sdk_config_v2: { availableFeatures: ['self-service', 'medical-order'] },
} as never);

describe("'¿Cómo quieres agendar?'", () => {
  it('offers booking by services, chosen by default, and with a medical order', () => {
    renderStep(<ScheduleTypeStep />, { step: 'schedule-type', client: both });
    expect(screen.getByRole('heading', { name: '¿Cómo quieres agendar?' })).toBeTruthy();
    const own = screen.getByRole('radio', { name: /Agendar por mi cuenta/ }) as HTMLInputElement;
    const order = screen.getByRole('radio', { name: /Agendar con mi orden médica/ }) as HTMLInputElement;
    expect([own.checked, order.checked]).toEqual([true, false]);
  });

  it('goes to the address for a booking by services', async () => {
    const { stores } = renderStep(<ScheduleTypeStep />, { step: 'schedule-type', client: both });
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.flow.getState().step).toBe('address');
  });

  it('goes to the upload for a booking with a medical order', async () => {
    const { stores } = renderStep(<ScheduleTypeStep />, { step: 'schedule-type', client: both });
    await userEvent.click(screen.getByRole('radio', { name: /Agendar con mi orden médica/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.session.getState().scheduleType).toBe('medical_order');
    expect(stores.flow.getState().step).toBe('upload-order');
  });
});
