import { clientReceivers, type SessionOrigin } from '@visita/domain/client';
import type { Address } from '@visita/domain/addresses';
import type { ClientConfig, Receiver } from '@visita/domain/contract/client-config';
import type { ContactData } from '@visita/domain/contact';
import type { PreloadedPatient } from '@visita/domain/host-messages';
import type { CountryCode } from '@visita/domain/locale';
import { createStore } from 'zustand/vanilla';

type ScheduleType = 'normal' | 'medical_order';
type Insurance = 'particular' | 'fonasa';

/** The session store, one per widget instance. */
export interface SessionState {
  clientId: string | null;
  origin: SessionOrigin;
  /** The client's id as its config answered it: the id patient and order calls name. */
  configClientId: string | null;
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
  /** Contact data of the contact steps, and the registered patient's access token. */
  contactData: ContactData | null;
  accessToken: string | null;
  /** The origin chosen on the origin step (selectedClientOrigin). */
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
  /** The cart maker's appointment and token: the address step continues it. */
  cartMakerAppointment: { id: string; token: string | null } | null;
  /** The query's cart, coupon and address have loaded ('Load flow'). */
  startLoaded: boolean;
  /** The host's patient (preloadedPatientData), already validated. */
  preloadedPatient: PreloadedPatient | null;
  /** The query's appointment link came without its token, or with one that does not open it. */
  invalidAppointmentLink: boolean;
  /** Opened on an appointment's link that opened it: the resume screen speaks of that appointment. */
  appointmentLink: boolean;
  /** Opened from a booking e-mail: the date step moves the confirmed visit instead of holding a block. */
  managingBooking: boolean;
  /** The appointment whose patients the patient step saved (finalize answered). */
  patientsSavedFor: string | null;
}

/** What the embedding page hands over (host/host-gate.tsx sets it). */
export type HostConfig = Partial<
  Pick<SessionState, 'apiToken' | 'folioId' | 'displayedServicesIds' | 'preloadedPatient'>
>;

interface SessionActions {
  setClient(config: ClientConfig): void;
  setScheduleType(scheduleType: ScheduleType): void;
  /** Sets any of the fields; the rules for when live in flow/ and the steps. */
  update(patch: Partial<SessionState>): void;
  setAppointment(appointment: { id: string; token?: string | null } | null): void;
  setHostSession(origin: SessionOrigin, parentDomain: string): void;
  setHostConfig(config: HostConfig): void;
}

export type SessionStore = SessionState & SessionActions;

const initialSession = (clientId: string | null): SessionState => ({
  clientId,
  origin: 'sdk',
  configClientId: null,
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
  cartMakerAppointment: null,
  startLoaded: false,
  preloadedPatient: null,
  invalidAppointmentLink: false,
  appointmentLink: false,
  managingBooking: false,
  patientsSavedFor: null,
});

export function createSessionStore(clientId: string | null) {
  return createStore<SessionStore>()((set) => ({
    ...initialSession(clientId),
    setClient: (config) =>
      set({
        clientData: config,
        configClientId: config.id,
        countryCode: config.country,
        salesSource: config.sales_source,
        // A client with origins and no receivers lists its origins, each its own id and name.
        clientReceivers: clientReceivers(config),
      }),
    setScheduleType: (scheduleType) => set({ scheduleType }),
    update: (patch) => set(patch),
    setAppointment: (appointment) =>
      set({ appointmentId: appointment?.id ?? null, appointmentToken: appointment?.token ?? null }),
    setHostSession: (origin, parentDomain) => set({ origin, parentDomain }),
    setHostConfig: (config) => set(config),
  }));
}
