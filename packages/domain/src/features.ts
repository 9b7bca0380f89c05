/** Features a client can offer on the schedule-type step. */
export const FEATURES = ['self-service', 'medical-order'] as const;
export type Feature = (typeof FEATURES)[number];
/** AvailableFeatures when a client's config does not say. */
export const DEFAULT_FEATURES: readonly Feature[] = FEATURES;
