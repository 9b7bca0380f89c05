/** Features a client can offer on the schedule-type step (spec part 1 §3). */
export const FEATURES = ['self-service', 'medical-order'] as const;
export type Feature = (typeof FEATURES)[number];
/** availableFeatures when a client's config does not say (spec part 1 §3). */
export const DEFAULT_FEATURES: readonly Feature[] = FEATURES;
