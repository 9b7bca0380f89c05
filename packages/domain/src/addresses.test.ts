import { describe, expect, it } from 'vitest';
import {
  ADDRESS_REQUIRED_MESSAGE,
  type Address,
  APARTMENT_REQUIRED_MESSAGE,
  addressCandidates,
  addressLine,
  canContinueAddress,
  communeInRegion,
  findChileanRegion,
  fromAppointmentAddress,
  type GeocodedPlace,
  isCommuneInRegion,
  isCompleteGeocode,
  keepNumberedSuggestions,
  maxLengthMessage,
  normalizeRegion,
  OUT_OF_COVERAGE_MESSAGE,
  orderResidenceType,
  RESIDENCE_TYPE_LABELS,
  shouldSearchAddress,
  streetNumberCandidates,
  suggestionsNeedingPostalCode,
  targetAddress,
  toAppointmentAddress,
  validateAddressForm,
} from './addresses.ts';
import { CHILEAN_REGIONS } from './cl-regions.ts';

describe('address search needs a letter and a digit', () => {
  it.each([
    ['Apoquindo 4500', true],
    ['Ñuñoa 1', true],
    ['Apoquindo', false],
    ['4500', false],
    ['', false],
  ])('%s -> %s', (text, search) => {
    expect(shouldSearchAddress(text)).toBe(search);
  });
});

describe('suggestions', () => {
  const suggestion = (main: string) => ({
    description: main,
    place_id: main,
    structured_formatting: { main_text: main },
  });

  it('keeps only suggestions whose main text contains a digit', () => {
    const kept = keepNumberedSuggestions([
      suggestion('Avenida Apoquindo 4500'),
      suggestion('Avenida Apoquindo'),
      suggestion('Calle 5'),
    ]);
    expect(kept.map((s) => s.description)).toEqual(['Avenida Apoquindo 4500', 'Calle 5']);
  });

  it.each([
    ['mx', 2],
    ['cl', 0],
  ] as const)('postal codes in %s for %d suggestions at most', (country, count) => {
    expect(suggestionsNeedingPostalCode([1, 2, 3, 4], country)).toHaveLength(count);
  });
});

describe('street number from the geocoder, else from the digits typed', () => {
  it.each([
    ['4500', 'Apoquindo 4500', ['4500']],
    [null, 'Apoquindo 4500', ['4500']],
    [' ', 'Avenida 10 de Julio 1500', ['10', '1500']],
    [undefined, 'Calle 5 y 5', ['5']],
    [null, 'Apoquindo', []],
  ])('%s / %s -> %o', (geocoder, typed, numbers) => {
    expect(streetNumberCandidates(geocoder, typed)).toEqual(numbers);
  });
});

const lasCondes: GeocodedPlace = {
  street_number: '4500',
  street: 'Avenida Apoquindo',
  commune: 'Las Condes',
  region: 'Región Metropolitana',
  country: 'Chile',
  latitude: -33.41,
  longitude: -70.57,
  place_id: 'p1',
};

describe('geocoded results need street number, street, commune, region, country and coordinates', () => {
  it.each([
    ['complete', {}, true],
    ['no street number', { street_number: null }, false],
    ['no street', { street: '' }, false],
    ['no commune', { commune: undefined }, false],
    ['no region', { region: ' ' }, false],
    ['no country', { country: null }, false],
    ['no longitude', { longitude: null }, false],
    ['no latitude', { latitude: Number.NaN }, false],
  ])('%s -> %s', (_, change, complete) => {
    expect(isCompleteGeocode({ ...lasCondes, ...change })).toBe(complete);
  });
});

describe('regions normalised to full names; communes checked against their region', () => {
  it.each([
    ['Metropolitana de Santiago', 'Región Metropolitana de Santiago'],
    ['Región Metropolitana', 'Región Metropolitana de Santiago'],
    ['RM', 'Región Metropolitana de Santiago'],
    ['CL-VS', 'Región de Valparaíso'],
    ['Valparaiso', 'Región de Valparaíso'],
    ['Biobío', 'Región del Biobío'],
    ["O'Higgins", "Región del Libertador General Bernardo O'Higgins"],
    ['Magallanes', 'Región de Magallanes y de la Antártica Chilena'],
    ["Libertador General Bernardo O'Higgins", "Región del Libertador General Bernardo O'Higgins"],
    ['Ñuble', 'Región de Ñuble'],
    ['Atlantis', 'Atlantis'],
  ])('%s -> %s', (short, full) => {
    expect(normalizeRegion(short, 'cl')).toBe(full);
  });

  it('leaves Mexican states as they are', () => {
    expect(normalizeRegion('CDMX', 'mx')).toBe('CDMX');
  });

  it('lists all 16 regions and 346 communes', () => {
    expect(CHILEAN_REGIONS).toHaveLength(16);
    expect(CHILEAN_REGIONS.reduce((sum, region) => sum + region.communes.length, 0)).toBe(346);
    expect(findChileanRegion(null)).toBeNull();
  });

  it.each([
    ['Las Condes', 'Región Metropolitana', 'Las Condes'],
    ['nunoa', 'RM', 'Ñuñoa'],
    ['Santiago Centro', 'Metropolitana de Santiago', 'Santiago'],
    ['Paihuano', 'Coquimbo', 'Paiguano'],
    ['Las Condes', 'Valparaíso', null],
    ['Las Condes', 'Atlantis', null],
  ])('%s in %s -> %s', (commune, region, listed) => {
    expect(communeInRegion(commune, region)).toBe(listed);
    expect(isCommuneInRegion(commune, region)).toBe(listed !== null);
  });
});

describe('candidate addresses', () => {
  it('builds a Chilean candidate with the full region name', () => {
    expect(addressCandidates(lasCondes, 'Apoquindo 4500', 'cl')).toEqual([
      {
        country: 'cl',
        region: 'Región Metropolitana de Santiago',
        commune: 'Las Condes',
        street: 'Avenida Apoquindo',
        number: '4500',
        type: 'house',
        latitude: -33.41,
        longitude: -70.57,
        zip_code: null,
        placeId: 'p1',
        target_address: null,
      },
    ]);
  });

  it('gives one candidate per typed number when the geocoder has none', () => {
    const candidates = addressCandidates({ ...lasCondes, street_number: null }, 'Calle 10 1500', 'cl');
    expect(candidates.map((c) => c.number)).toEqual(['10', '1500']);
  });

  it('drops incomplete places and communes outside their region', () => {
    expect(addressCandidates({ ...lasCondes, street_number: null }, 'Apoquindo', 'cl')).toEqual([]);
    expect(addressCandidates({ ...lasCondes, commune: 'Viña del Mar' }, 'x 1', 'cl')).toEqual([]);
  });

  it("defaults Mexico's colony to 'Otra'", () => {
    const mx: GeocodedPlace = {
      ...lasCondes,
      street: 'Avenida Insurgentes Sur',
      commune: 'Benito Juárez',
      region: 'Ciudad de México',
      country: 'México',
      zip_code: '03100',
    };
    expect(addressCandidates(mx, 'Insurgentes Sur 1000', 'mx')[0]).toMatchObject({
      colony: 'Otra',
      region: 'Ciudad de México',
    });
    expect(addressCandidates({ ...mx, sublocality: 'Del Valle' }, 'x', 'mx')[0]?.colony).toBe('Del Valle');
  });
});

describe('address form rules', () => {
  const address = { street: 'Avenida Apoquindo' };
  it.each([
    [{ address: null, type: 'house' }, { address: ADDRESS_REQUIRED_MESSAGE }],
    [{ address, type: 'house' }, {}],
    [{ address, type: 'apartment' }, { apartmentNumber: APARTMENT_REQUIRED_MESSAGE }],
    [{ address, type: 'apartment', apartmentNumber: '  ' }, { apartmentNumber: APARTMENT_REQUIRED_MESSAGE }],
    [{ address, type: 'apartment', apartmentNumber: '305' }, {}],
    [
      { address, type: 'unknown', apartmentNumber: 'x'.repeat(101) },
      { apartmentNumber: 'Máximo 100 caracteres' },
    ],
    [
      {
        address,
        type: 'house',
        apartmentNumber: 'x'.repeat(100),
        additionalInfo: 'y'.repeat(500),
      },
      {},
    ],
    [
      { address, type: 'house', additionalInfo: 'y'.repeat(501) },
      { additionalInfo: 'Máximo 500 caracteres' },
    ],
  ] as const)('%o -> %o', (input, errors) => {
    expect(validateAddressForm(input)).toEqual(errors);
    expect(canContinueAddress(input)).toBe(Object.keys(errors).length === 0);
  });

  it('spells the texts', () => {
    expect(APARTMENT_REQUIRED_MESSAGE).toBe('Ingresa el número de departamento');
    expect(OUT_OF_COVERAGE_MESSAGE).toBe('Todavía no llegamos a esta dirección');
    expect(RESIDENCE_TYPE_LABELS).toEqual({
      house: 'Casa',
      apartment: 'Departamento',
      unknown: 'Otro',
    });
    expect(maxLengthMessage(5)).toBe('Máximo 5 caracteres');
  });
});

describe('wire forms of an address', () => {
  const address: Address = {
    country: 'cl',
    region: 'Región Metropolitana de Santiago',
    commune: 'Las Condes',
    street: 'Avenida Apoquindo',
    number: '4500',
    type: 'apartment',
    latitude: -33.41,
    longitude: -70.57,
    apartmentNumber: ' 305 ',
    additionalInfo: '',
  };

  it('builds the appointment address and reads it back', () => {
    const fields = toAppointmentAddress(address);
    expect(fields).toEqual({
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      colony: null,
      address_line_1: 'Avenida Apoquindo 4500',
      target_street_number: '4500',
      target_residence_type: 'apartment',
      target_lat: -33.41,
      target_lng: -70.57,
      target_apartment_number: '305',
      target_address_additional_info: null,
      zip_code: null,
      target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago',
    });
    expect(fromAppointmentAddress(fields)).toMatchObject({
      street: 'Avenida Apoquindo',
      number: '4500',
      apartmentNumber: '305',
    });
    expect(fromAppointmentAddress({ ...fields, address_line_1: 'Apoquindo' }).street).toBe('Apoquindo');
  });

  it('builds the medical-order lines', () => {
    expect(addressLine(address)).toBe('Avenida Apoquindo 4500');
    expect(targetAddress(address, 'Chile')).toBe(
      'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
    );
    expect(orderResidenceType('305')).toBe('apartment');
    expect(orderResidenceType('  ')).toBe('house');
    expect(orderResidenceType(null)).toBe('house');
  });
});
