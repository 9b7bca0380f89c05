import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { Feature } from '@visita/domain/features';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { IntroductionStep } from './introduction-step.tsx';

const withFeatures = (features: Feature[], extra: Partial<ClientConfig> = {}) =>
  clientConfig({ sdk_config_v2: { availableFeatures: features }, ...extra });

const points = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('the introduction', () => {
  it('promises booking with a medical order only to partners that take them', () => {
    renderStep(<IntroductionStep />, {
      step: 'introduction',
      client: withFeatures(['self-service', 'medical-order']),
    });
    expect(points()[0]).toContain('Agenda tu hora en línea o con tu orden médica.');
  });

  it('says booking online, nothing of orders, to partners without them', () => {
    renderStep(<IntroductionStep />, { step: 'introduction', client: withFeatures(['self-service']) });
    expect(points()[0]).toContain('Agenda tu hora en línea.');
    expect(points().join(' ')).not.toContain('orden médica');
  });

  it('goes on with Continuar to the schedule type when both ways are offered', async () => {
    const { stores } = renderStep(<IntroductionStep />, {
      step: 'introduction',
      client: withFeatures(['self-service', 'medical-order']),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.flow.getState().step).toBe('schedule-type');
  });

  it('asks for the terms where the partner requires them, tied to the box, and then lets the person on', async () => {
    const { stores } = renderStep(<IntroductionStep />, {
      step: 'introduction',
      client: withFeatures(['self-service'], { show_tyc: true }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Debes aceptar los términos y condiciones para continuar');
    const box = screen.getByRole('checkbox', { name: 'He leído y aceptado los términos y condiciones' });
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    expect(stores.flow.getState().step).toBe('introduction');
    await userEvent.click(box);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.flow.getState().step).toBe('address');
  });

  it("opens the terms from 'Ver términos y condiciones'", async () => {
    const { stores } = renderStep(<IntroductionStep />, {
      step: 'introduction',
      client: withFeatures(['self-service'], { show_tyc: true }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ver términos y condiciones' }));
    expect(stores.flow.getState().step).toBe('terms-and-conditions');
  });
});
