import type { SessionOrigin } from '@visita/domain/client';
import type { ClientConfig, Receiver } from '@visita/domain/contract/client-config';
import type { PreloadedPatient } from '@visita/domain/host-messages';
import type { CountryCode } from '@visita/domain/locale';
import { createStore } from 'zustand/vanilla';

export type ScheduleType = 'normal' | 'medical_order';
export type Insurance = 'particular' | 'fonasa';

/** The session store of spec part 1 §3, one per widget instance. */
export interface SessionState {
  clientId: string | null;
  origin: SessionOrigin;
  djangoClientId: string | null;
  apiToken: string | null;
  countryCode: CountryCode;
  scheduleType: ScheduleType;
  salesSource: string;
  clientData: ClientConfig | null;
  addressData: unknown | null;
  appointmentId: string | null;
  folioId: string | null;
  fileArray: File[];
  insuranceSelected: Insurance;
  clientReceivers: Receiver[];
  coupon: { code: string; loading: boolean; valid: boolean | null };
  fromCartMaker: boolean;
  skipAddressStep: boolean;
  parentDomain: string | null;
  displayedServicesIds: string[];
  /** The host's patient (part 2 §4 preloadedPatientData), already validated. */
  preloadedPatient: PreloadedPatient | null;
}

/** What the embedding page hands over (host/host-gate.tsx sets it). */
export type HostConfig = Partial<
  Pick<SessionState, 'apiToken' | 'folioId' | 'displayedServicesIds' | 'preloadedPatient'>
>;

export interface SessionActions {
  setClient(config: ClientConfig): void;
  setScheduleType(scheduleType: ScheduleType): void;
  setHostSession(origin: SessionOrigin, parentDomain: string): void;
  setHostConfig(config: HostConfig): void;
}

export type SessionStore = SessionState & SessionActions;

export const initialSession = (clientId: string | null): SessionState => ({
  clientId,
  origin: 'sdk',
  djangoClientId: null,
  apiToken: null,
  countryCode: 'cl',
  scheduleType: 'normal',
  salesSource: 'marketplace',
  clientData: null,
  addressData: null,
  appointmentId: null,
  folioId: null,
  fileArray: [],
  insuranceSelected: 'particular',
  clientReceivers: [],
  coupon: { code: '', loading: false, valid: null },
  fromCartMaker: false,
  skipAddressStep: false,
  parentDomain: null,
  displayedServicesIds: [],
  preloadedPatient: null,
});

export function createSessionStore(clientId: string | null) {
  return createStore<SessionStore>()((set) => ({
    ...initialSession(clientId),
    setClient: (config) =>
      set({
        clientData: config,
        djangoClientId: config.id,
        countryCode: config.country,
        salesSource: config.sales_source,
        clientReceivers: config.receivers,
      }),
    setScheduleType: (scheduleType) => set({ scheduleType }),
    setHostSession: (origin, parentDomain) => set({ origin, parentDomain }),
    setHostConfig: (config) => set(config),
  }));
}
