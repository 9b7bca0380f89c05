/** Rules on a client's config; kept apart from the zod schemas so the widget needn't ship zod for them. */
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD } from './constants.ts';
import type { ClientConfig, ModeConfig, Receiver } from './contract/client-config.ts';

export type SessionOrigin = 'sdk' | 'laas' | 'web';

/** The per-mode options that apply to a session: laas_config_v2 for staff, else sdk_config_v2. */
export function modeConfigFor(config: ClientConfig, origin: SessionOrigin): ModeConfig {
  return (origin === 'laas' ? config.laas_config_v2 : config.sdk_config_v2) ?? {};
}

/**
 * Whether a session of this origin confirms the visit without a card payment: the client's
 * stored rule for that mode, the same one the API enforces (sdk: the appointment's holder;
 * laas: staff with the client's API token).
 */
export function confirmsWithoutPayment(config: ClientConfig, origin: SessionOrigin): boolean {
  return modeConfigFor(config, origin).manual_confirmation === true;
}

/** A step with value 'split-payment' enables split payment. */
export function hasSplitPayment(config: Pick<ClientConfig, 'steps'>): boolean {
  return config.steps.some((step) => step.value === 'split-payment');
}

/** With no receivers, origins serve as both id and name. */
export function clientReceivers(config: Pick<ClientConfig, 'receivers' | 'origins'>): Receiver[] {
  if (config.receivers.length > 0) return config.receivers;
  return config.origins.map((origin) => ({ id: origin, name: origin }));
}

/**
 * The payment fields a manual confirmation carries: method 'In address', gateway 'Partner', the
 * payment status this partner's mode states for a confirmation without a card ('Payment Pending'
 * when it states none: nothing was charged), and force_confirmation. The server records them
 * only from the partner's staff, and then they say what the partner's own rule says.
 */
export function manualConfirmationPayment(
  config: ClientConfig,
  origin: SessionOrigin,
): {
  payment_method: string;
  payment_gateway: string;
  payment_status: 'Payment Successful' | 'Payment Pending';
  force_confirmation: true;
} {
  return {
    payment_method: DEFAULT_PAYMENT_METHOD,
    payment_gateway: DEFAULT_PAYMENT_GATEWAY,
    payment_status: modeConfigFor(config, origin).manual_confirmation_payment_status ?? 'Payment Pending',
    force_confirmation: true,
  };
}
