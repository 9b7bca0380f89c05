import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createMercadoPagoGateway } from './mercadopago-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

/** The gateway PAYMENTS names; config.ts has already checked that MercadoPago's keys are set. */
export function createPaymentGateway(
  config: Pick<
    Config,
    'PAYMENTS' | 'MP_ACCESS_TOKEN' | 'MP_PUBLIC_KEY_CL' | 'MP_PUBLIC_KEY_MX' | 'SANDBOX_CHARGE_DELAY_MS'
  >,
  db: Db,
): PaymentGateway {
  switch (config.PAYMENTS) {
    case 'mercadopago':
      if (!config.MP_ACCESS_TOKEN || !config.MP_PUBLIC_KEY_CL || !config.MP_PUBLIC_KEY_MX)
        throw new Error(
          'MP_ACCESS_TOKEN, MP_PUBLIC_KEY_CL y MP_PUBLIC_KEY_MX: obligatorias con PAYMENTS=mercadopago',
        );
      return createMercadoPagoGateway({
        accessToken: config.MP_ACCESS_TOKEN,
        publicKeys: { cl: config.MP_PUBLIC_KEY_CL, mx: config.MP_PUBLIC_KEY_MX },
      });
    case 'sandbox':
      return createSandboxGateway(db, { chargeDelayMs: config.SANDBOX_CHARGE_DELAY_MS });
  }
}
