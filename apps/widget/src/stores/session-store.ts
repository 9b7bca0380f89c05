import type { SessionOrigin } from '@visita/domain/client';
import type { Address } from '@visita/domain/addresses';
import type { ClientConfig, Receiver } from '@visita/domain/contract/client-config';
import type { ContactData } from '@visita/domain/contact';
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
  addressData: Address | null;
  appointmentId: string | null;
  /** The token the API gave with the appointment; every later call on it presents it. */
  appointmentToken: string | null;
  /** The block held by the schedule call and when the hold ends (ISO instant; 20 minutes). */
  selectedBlock: { begin_date: string; end_date: string } | null;
  holdExpiresAt: string | null;
  /** Contact data of the contact steps (part 2 §3), and the registered patient's access token. */
  contactData: ContactData | null;
  accessToken: string | null;
  /** The origin chosen on the origin step (part 2 §3 selectedClientOrigin). */
  selectedClientOrigin: string | null;
  folioId: string | null;
  fileArray: File[];
  insuranceSelected: Insurance;
  clientReceivers: Receiver[];
  coupon: { code: string; loading: boolean; valid: boolean | null };
  fromCartMaker: boolean;
  skipAddressStep: boolean;
  parentDomain: string | null;
  displayedServicesIds: string[];
}

export interface SessionActions {
  setClient(config: ClientConfig): void;
  setScheduleType(scheduleType: ScheduleType): void;
  /** Sets any of the fields; the rules for when live in flow/ and the steps. */
  update(patch: Partial<SessionState>): void;
  setAppointment(appointment: { id: string; token?: string | null } | null): void;
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
  appointmentToken: null,
  selectedBlock: null,
  holdExpiresAt: null,
  contactData: null,
  accessToken: null,
  selectedClientOrigin: null,
  folioId: null,
  fileArray: [],
  insuranceSelected: 'particular',
  clientReceivers: [],
  coupon: { code: '', loading: false, valid: null },
  fromCartMaker: false,
  skipAddressStep: false,
  parentDomain: null,
  displayedServicesIds: [],
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
    update: (patch) => set(patch),
    setAppointment: (appointment) =>
      set({ appointmentId: appointment?.id ?? null, appointmentToken: appointment?.token ?? null }),
  }));
}
