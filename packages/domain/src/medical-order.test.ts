import { describe, expect, it } from 'vitest';
import type { Address } from './addresses.ts';
import { orderLeadSchema } from './contract/orders.ts';
import { buildOrderLead, orderSuccessUrl, orderUploadError } from './medical-order.ts';

const address: Address = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  commune: 'Las Condes',
  street: 'Avenida Apoquindo',
  number: '4500',
  type: 'apartment',
  latitude: -33.41,
  longitude: -70.57,
  apartmentNumber: '305',
  additionalInfo: ' timbre malo ',
};

describe('medical-order lead', () => {
  it('builds the payload the contract accepts', () => {
    const lead = buildOrderLead(
      address,
      {
        name: 'Ana Pérez',
        phone: '+56912345678',
        email: 'ana@example.com',
        specialNeeds: null,
        prevision: 'fonasa',
      },
      { origin: 'sdk', salesSource: 'marketplace' },
    );
    expect(lead).toMatchObject({
      address_line_1: 'Avenida Apoquindo 4500',
      target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
      target_residence_type: 'apartment',
      target_apartment_number: '305',
      target_address_additional_info: 'timbre malo',
      section_origin: 'medical-order-sdk',
      triggered_from: 'sdk',
      insurance: 'fonasa',
      special_needs: null,
    });
    expect(orderLeadSchema.parse(lead)).toEqual(lead);
  });

  it('is a house without an apartment number', () => {
    const lead = buildOrderLead(
      { ...address, apartmentNumber: '', additionalInfo: null, country: 'mx' },
      { name: 'Ana', phone: '+525512345678', email: 'a@b.mx', specialNeeds: ' silla ' },
      { origin: 'laas', salesSource: 'x' },
    );
    expect(lead).toMatchObject({
      target_residence_type: 'house',
      target_apartment_number: null,
      special_needs: 'silla',
      insurance: null,
    });
    expect(lead.target_address.endsWith(', México')).toBe(true);
  });

  it.each([
    [{ msg: 'ok', groupedOrdenMedicaId: 'g1' }, null],
    [{ error: 'no-nurses-for-given-location' }, 'No hay enfermeras disponibles para la dirección dada'],
    [{ error: 'boom' }, 'Error al subir el archivo'],
    [null, 'Error al subir el archivo'],
  ] as const)('upload answer %o -> %s', (answer, message) => {
    expect(orderUploadError(answer)).toBe(message);
  });
});

describe("a client's success page after an order", () => {
  it('is the configured URL with solicitud_id set to the grouped order id', () => {
    expect(orderSuccessUrl('https://partner.cl/gracias', 'g-1', null)).toBe(
      'https://partner.cl/gracias?solicitud_id=g-1',
    );
    expect(orderSuccessUrl('https://partner.cl/gracias?src=om#top', 'g 1', null)).toBe(
      'https://partner.cl/gracias?src=om&solicitud_id=g%201#top',
    );
    // A configured solicitud_id never wins over the real one.
    expect(orderSuccessUrl('https://partner.cl/?solicitud_id=x&a=1', 'g-2', null)).toBe(
      'https://partner.cl/?a=1&solicitud_id=g-2',
    );
  });

  it('resolves a path against the page that shows the widget', () => {
    expect(orderSuccessUrl('/demo-host/orden-recibida.html', 'g-1', 'http://localhost:3000')).toBe(
      'http://localhost:3000/demo-host/orden-recibida.html?solicitud_id=g-1',
    );
    expect(orderSuccessUrl('/ok', 'g-1', null)).toBeNull();
  });

  it.each([
    [null],
    [''],
    ['javascript:alert(1)'],
    ['//evil.example/ok'],
    ['data:text/html,<b>x</b>'],
    ['https://partner.cl@evil.example/'],
    ['https://partner.cl/ok page'],
    ['https://partner.cl/"><script>'],
    ['relative/path'],
    [`https://partner.cl/${'a'.repeat(2000)}`],
  ])('is nothing for %j: the widget shows order-received', (configured) => {
    expect(orderSuccessUrl(configured, 'g-1', 'https://partner.cl')).toBeNull();
  });
});
