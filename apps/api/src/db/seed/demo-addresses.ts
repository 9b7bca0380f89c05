/**
 * The demo address in Santiago as appointment columns: inside the marketplace's and
 * clinicaalemana's coverage. Shared by the demo cart, the fund's demo booking and the demo visits.
 */
export const DEMO_APOQUINDO_ADDRESS = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  addressLine1: 'Avenida Apoquindo 4500',
  targetAddress: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
  targetStreetNumber: '4500',
  targetResidenceType: 'house',
  targetLat: -33.4129,
  targetLng: -70.5799,
} as const;
