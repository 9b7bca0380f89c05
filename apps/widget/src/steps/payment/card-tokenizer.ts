import type { CardForm } from '@visita/domain/cards';
import { cleanCardNumber } from '@visita/domain/cards';
import { createSandboxCardToken } from '../../api/payments.ts';

/** Turns the card form into a one-time token; the number never reaches our API's payment call. */
export interface CardTokenizer {
  createToken(form: CardForm): Promise<{ id: string }>;
}

function expiry(form: CardForm): { month: number; year: number } {
  const [month, year] = form.expDate.split('/');
  return { month: Number(month), year: 2000 + Number(year) };
}

/** The offline sandbox (PAYMENTS=sandbox): POST /v2/sandbox/card-tokens/. */
export const sandboxTokenizer: CardTokenizer = {
  async createToken(form) {
    const { month, year } = expiry(form);
    const answer = await createSandboxCardToken({
      card_number: cleanCardNumber(form.cardNumber),
      cardholder_name: form.cardName.trim(),
      expiration_month: month,
      expiration_year: year,
      security_code: form.cvc.replace(/\D/g, ''),
    });
    return { id: answer.id };
  },
};

interface MercadoPagoInstance {
  createCardToken(data: Record<string, string>): Promise<{ id: string }>;
}
type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

const MERCADOPAGO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';

function loadMercadoPago(): Promise<MercadoPagoConstructor> {
  const existing = (window as { MercadoPago?: MercadoPagoConstructor }).MercadoPago;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = MERCADOPAGO_SDK_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { MercadoPago?: MercadoPagoConstructor }).MercadoPago;
      if (loaded) resolve(loaded);
      else reject(new Error('MercadoPago SDK missing'));
    };
    script.onerror = () => reject(new Error('MercadoPago SDK failed to load'));
    document.head.append(script);
  });
}

/**
 * PAYMENTS=mercadopago: MercadoPago's browser SDK with the country's public key. Not exercised on
 * this machine (no network); built to the SDK's documented createCardToken call.
 */
export function mercadoPagoTokenizer(publicKey: string, locale: string): CardTokenizer {
  return {
    async createToken(form) {
      const MercadoPago = await loadMercadoPago();
      const mp = new MercadoPago(publicKey, { locale });
      const { month, year } = expiry(form);
      return mp.createCardToken({
        cardNumber: cleanCardNumber(form.cardNumber),
        cardholderName: form.cardName.trim(),
        cardExpirationMonth: String(month).padStart(2, '0'),
        cardExpirationYear: String(year),
        securityCode: form.cvc.replace(/\D/g, ''),
      });
    },
  };
}
