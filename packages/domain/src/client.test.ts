import { describe, expect, it } from 'vitest';
import {
  clientReceivers,
  confirmsWithoutPayment,
  hasSplitPayment,
  manualConfirmationPayment,
  modeConfigFor,
} from './client.ts';
import type { ClientConfig } from './contract/client-config.ts';
import { publicPartnerProfileSchema } from './partner-profile.ts';

const config: ClientConfig = {
  id: 'demo',
  name: 'Demo',
  logo_url: null,
  country: 'cl',
  sales_source: 'marketplace',
  receivers: [],
  origins: ['Consulta', 'Urgencia'],
  is_last_mile: false,
  show_results: true,
  show_tyc: false,
  default_patient_email: null,
  max_patients_per_appointment: null,
  extra_amount: 0,
  steps: [],
  laas_config_v2: { main_color: '#111111' },
  sdk_config_v2: null,
  profile: publicPartnerProfileSchema.parse({}),
};

describe('client config rules', () => {
  it('uses laas_config_v2 for staff and sdk_config_v2 otherwise', () => {
    expect(modeConfigFor(config, 'laas')).toEqual({ main_color: '#111111' });
    expect(modeConfigFor(config, 'sdk')).toEqual({});
  });

  it('confirms without payment only in the modes whose stored rule says so', () => {
    expect(confirmsWithoutPayment(config, 'laas')).toBe(false);
    expect(confirmsWithoutPayment(config, 'sdk')).toBe(false);
    const staffOnly = { ...config, laas_config_v2: { manual_confirmation: true } };
    expect(confirmsWithoutPayment(staffOnly, 'laas')).toBe(true);
    expect(confirmsWithoutPayment(staffOnly, 'sdk')).toBe(false);
    const partner = { ...config, sdk_config_v2: { manual_confirmation: true } };
    expect(confirmsWithoutPayment(partner, 'sdk')).toBe(true);
    expect(confirmsWithoutPayment(partner, 'laas')).toBe(false);
  });

  it('enables split payment with a split-payment step', () => {
    expect(hasSplitPayment(config)).toBe(false);
    expect(hasSplitPayment({ steps: [{ value: 'split-payment' }] })).toBe(true);
  });

  it('uses origins as receivers when there are none', () => {
    expect(clientReceivers(config)).toEqual([
      { id: 'Consulta', name: 'Consulta' },
      { id: 'Urgencia', name: 'Urgencia' },
    ]);
    expect(clientReceivers({ receivers: [{ id: 1, name: 'Sala' }], origins: ['x'] })).toEqual([
      { id: 1, name: 'Sala' },
    ]);
  });

  it("gives a manual confirmation the product's payment fields, with the mode's payment status or Payment Pending", () => {
    expect(manualConfirmationPayment(config, 'sdk')).toEqual({
      payment_method: 'In address',
      payment_gateway: 'Partner',
      payment_status: 'Payment Pending',
      force_confirmation: true,
    });
    const staffSays = {
      ...config,
      laas_config_v2: { manual_confirmation_payment_status: 'Payment Successful' as const },
    };
    expect(manualConfirmationPayment(staffSays, 'laas').payment_status).toBe('Payment Successful');
    expect(manualConfirmationPayment(staffSays, 'sdk').payment_status).toBe('Payment Pending');
  });
});
