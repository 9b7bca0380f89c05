import type { FetchLike } from './remote-support.ts';

// Recorded answers of the remote geocoders, written by hand in each service's documented JSON
// format, for the adapter and route tests.

/** Recorded answers in Google's documented format (Places Autocomplete, Geocoding API, JSON). */
export const GOOGLE_AUTOCOMPLETE_CL = {
  predictions: [
    {
      description: 'Avenida Apoquindo 4500, Las Condes, Chile',
      matched_substrings: [{ length: 17, offset: 0 }],
      place_id: 'EitBdmVuaWRhIEFwb3F1aW5kbyA0NTAwLCBMYXMgQ29uZGVzLCBDaGlsZSIxEi8KFAoSCQ',
      reference: 'EitBdmVuaWRhIEFwb3F1aW5kbyA0NTAwLCBMYXMgQ29uZGVzLCBDaGlsZSIxEi8KFAoSCQ',
      structured_formatting: {
        main_text: 'Avenida Apoquindo 4500',
        main_text_matched_substrings: [{ length: 17, offset: 0 }],
        secondary_text: 'Las Condes, Chile',
      },
      terms: [
        { offset: 0, value: 'Avenida Apoquindo' },
        { offset: 18, value: '4500' },
        { offset: 24, value: 'Las Condes' },
        { offset: 36, value: 'Chile' },
      ],
      types: ['premise', 'geocode'],
    },
  ],
  status: 'OK',
};

export const GOOGLE_GEOCODE_CL = {
  results: [
    {
      address_components: [
        { long_name: '4500', short_name: '4500', types: ['street_number'] },
        { long_name: 'Avenida Apoquindo', short_name: 'Av. Apoquindo', types: ['route'] },
        { long_name: 'Las Condes', short_name: 'Las Condes', types: ['locality', 'political'] },
        {
          long_name: 'Las Condes',
          short_name: 'Las Condes',
          types: ['administrative_area_level_3', 'political'],
        },
        {
          long_name: 'Santiago',
          short_name: 'Santiago',
          types: ['administrative_area_level_2', 'political'],
        },
        {
          long_name: 'Región Metropolitana',
          short_name: 'Región Metropolitana',
          types: ['administrative_area_level_1', 'political'],
        },
        { long_name: 'Chile', short_name: 'CL', types: ['country', 'political'] },
        { long_name: '7550000', short_name: '7550000', types: ['postal_code'] },
      ],
      formatted_address: 'Av. Apoquindo 4500, 7550000 Las Condes, Región Metropolitana, Chile',
      geometry: {
        location: { lat: -33.4133842, lng: -70.5838654 },
        location_type: 'ROOFTOP',
        viewport: {
          northeast: { lat: -33.4120352, lng: -70.5825164 },
          southwest: { lat: -33.4147332, lng: -70.5852144 },
        },
      },
      place_id: 'ChIJ0wN8mVnPYpYRVYXQ1K8G4_g',
      plus_code: { compound_code: 'HCPV+JF Las Condes, Chile', global_code: '47RFHCPV+JF' },
      types: ['street_address'],
    },
  ],
  status: 'OK',
};

export const GOOGLE_GEOCODE_MX = {
  results: [
    {
      address_components: [
        { long_name: '1000', short_name: '1000', types: ['street_number'] },
        { long_name: 'Avenida Insurgentes Sur', short_name: 'Av. Insurgentes Sur', types: ['route'] },
        {
          long_name: 'Del Valle Centro',
          short_name: 'Del Valle Centro',
          types: ['political', 'sublocality', 'sublocality_level_1'],
        },
        { long_name: 'Ciudad de México', short_name: 'CDMX', types: ['locality', 'political'] },
        {
          long_name: 'Benito Juárez',
          short_name: 'Benito Juárez',
          types: ['administrative_area_level_3', 'political'],
        },
        {
          long_name: 'Ciudad de México',
          short_name: 'CDMX',
          types: ['administrative_area_level_1', 'political'],
        },
        { long_name: 'México', short_name: 'MX', types: ['country', 'political'] },
        { long_name: '03100', short_name: '03100', types: ['postal_code'] },
      ],
      formatted_address:
        'Av. Insurgentes Sur 1000, Del Valle Centro, Benito Juárez, 03100 Ciudad de México, CDMX, México',
      geometry: { location: { lat: 19.3763281, lng: -99.1781645 }, location_type: 'ROOFTOP' },
      place_id: 'ChIJ9bY5QPf_0YURl3Xc2dWn6yY',
      types: ['street_address'],
    },
  ],
  status: 'OK',
};

export const GOOGLE_AUTOCOMPLETE_MX = {
  predictions: [
    {
      description: 'Avenida Insurgentes Sur 1000, Del Valle Centro, Ciudad de México, CDMX, México',
      place_id: 'ChIJ9bY5QPf_0YURl3Xc2dWn6yY',
      structured_formatting: {
        main_text: 'Avenida Insurgentes Sur 1000',
        secondary_text: 'Del Valle Centro, Ciudad de México, CDMX, México',
      },
      types: ['street_address', 'geocode'],
    },
    {
      description: 'Avenida Insurgentes Sur 1000, Tlalpan, Ciudad de México, CDMX, México',
      place_id: 'ChIJ_second',
      structured_formatting: {
        main_text: 'Avenida Insurgentes Sur 1000',
        secondary_text: 'Tlalpan, CDMX, México',
      },
      types: ['street_address', 'geocode'],
    },
    {
      description: 'Avenida Insurgentes Sur 1000, Coyoacán, Ciudad de México, CDMX, México',
      place_id: 'ChIJ_third',
      structured_formatting: {
        main_text: 'Avenida Insurgentes Sur 1000',
        secondary_text: 'Coyoacán, CDMX, México',
      },
      types: ['street_address', 'geocode'],
    },
  ],
  status: 'OK',
};

export const GOOGLE_ZERO_RESULTS = { predictions: [], results: [], status: 'ZERO_RESULTS' };
export const GOOGLE_DENIED = {
  error_message: 'The provided API key is invalid.',
  predictions: [],
  results: [],
  status: 'REQUEST_DENIED',
};

/** Recorded answers in Nominatim's documented /search and /lookup format (format=jsonv2, addressdetails=1). */
export const NOMINATIM_SEARCH_CL = [
  {
    place_id: 12345678,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 5011231234,
    lat: '-33.4133901',
    lon: '-70.5838712',
    category: 'place',
    type: 'house',
    place_rank: 30,
    importance: 0.00000999,
    addresstype: 'place',
    name: '',
    display_name:
      '4500, Avenida Apoquindo, Las Condes, Provincia de Santiago, Región Metropolitana de Santiago, 7550000, Chile',
    address: {
      house_number: '4500',
      road: 'Avenida Apoquindo',
      suburb: 'El Golf',
      city: 'Las Condes',
      county: 'Provincia de Santiago',
      state: 'Región Metropolitana de Santiago',
      'ISO3166-2-lvl4': 'CL-RM',
      postcode: '7550000',
      country: 'Chile',
      country_code: 'cl',
    },
    boundingbox: ['-33.4134401', '-33.4133401', '-70.5839212', '-70.5838212'],
  },
];

export const NOMINATIM_SEARCH_MX_ROAD = [
  {
    place_id: 87654321,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 25390845,
    lat: '19.3757664',
    lon: '-99.1782571',
    category: 'highway',
    type: 'trunk',
    place_rank: 26,
    importance: 0.0533,
    addresstype: 'road',
    name: 'Avenida de los Insurgentes Sur',
    display_name:
      'Avenida de los Insurgentes Sur, Colonia del Valle Centro, Benito Juárez, Ciudad de México, 03100, México',
    address: {
      road: 'Avenida de los Insurgentes Sur',
      neighbourhood: 'Colonia del Valle Centro',
      borough: 'Benito Juárez',
      city: 'Ciudad de México',
      state: 'Ciudad de México',
      'ISO3166-2-lvl4': 'MX-CMX',
      postcode: '03100',
      country: 'México',
      country_code: 'mx',
    },
    boundingbox: ['19.3701120', '19.3810210', '-99.1791230', '-99.1770110'],
  },
];

/** A fetch that answers from a table by path and records the URLs asked for. */
export function recordedFetch(answer: (url: URL) => { status?: number; body: unknown }) {
  const calls: URL[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url);
    const { status = 200, body } = answer(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as FetchLike;
  return { fetchImpl, calls };
}
