import {
  allowsMoreItems,
  type CartItem,
  familiarPatientCount,
  type ItemId,
  includedIds,
  isSubitem,
  itemShare,
  sameId,
} from './cart-item.ts';
import type { DocumentType, Gender } from './constants.ts';
import {
  DEFAULT_INSURANCE,
  type FonasaTier,
  hasFonasaPricing,
  type Insurance,
  isFonasaAvailableIn,
  pricedInsurance,
  resolveInsurance,
} from './insurance.ts';

export const PATIENTS_WITHOUT_SERVICES_MESSAGE =
  'Tienes pacientes sin servicios, agrégales servicios o elimínalos para continuar';

/** The patient object a cart entry carries; filled in on the patient step. */
export interface CartPatientInfo {
  id?: string | number | null;
  first_name?: string | null;
  second_name?: string | null;
  last_name?: string | null;
  second_last_name?: string | null;
  date_of_birth?: string | null;
  gender?: Gender | null;
  email?: string | null;
  phone?: string | null;
  document_type?: DocumentType | null;
  document_number?: string | null;
  fullname?: string | null;
}

export interface CartPatient {
  patient: CartPatientInfo | null;
  /** The insurance the patient is priced at (tier A of Fonasa is priced as particular). */
  insurance: Insurance;
  /** The Fonasa tier the person chose when they said they have Fonasa; undefined otherwise. */
  fonasaTier?: FonasaTier | null;
  items: CartItem[];
  clientCheckedItemsIds: ItemId[];
  /** Derived: items held, familiar items counting 1/N. */
  itemsAmount: number;
  /** Derived: what this patient's items cost at its insurance, sub-items at $0, familiar items 1/N. */
  itemsPrice: number;
}

export interface Cart {
  /** Every distinct item in the cart, keyed by id. */
  items: Record<string, CartItem>;
  patients: CartPatient[];
  itemsAmount: number;
  patientsAmount: number;
  categories: string[];
  tags: string[];
  slugs: string[];
  includeFonasaItems: boolean;
  patientWithFonasaAmount: number;
}

export type CartRefusal =
  'missing-item' | 'missing-patient' | 'not-combinable' | 'already-added' | 'invalid-familiar-count';
export type CartChange = { ok: true; cart: Cart } | { ok: false; reason: CartRefusal; cart: Cart };

type PatientDraft = Pick<
  CartPatient,
  'patient' | 'insurance' | 'items' | 'clientCheckedItemsIds' | 'fonasaTier'
>;

// ---- Prices ----

export interface ItemPriceOptions {
  /** Price a sub-item (included by another item of the same patient) at $0. */
  checkSubitem?: boolean;
  /** The patient's other items, for the sub-item check. */
  patientItems?: readonly CartItem[];
}

/**
 * One item's price for an insurance: the fonasa price when the patient has fonasa and the item
 * allows it, else the promotion price when on promotion, else the list price.
 */
export function itemPrice(item: CartItem, insurance: Insurance, options: ItemPriceOptions = {}): number {
  if (options.checkSubitem && options.patientItems && isSubitem(item, options.patientItems)) return 0;
  const particular =
    item.is_promotion && typeof item.promotion_price === 'number' ? item.promotion_price : (item.price ?? 0);
  if (hasFonasaPricing(item, insurance)) {
    // What a Fonasa patient pays is the copay (tiers B, C, D), else the Fonasa price; never more
    // than paying privately. The difference is the Fonasa bonus the quote shows.
    const fonasa =
      typeof item.fonasa_copayment === 'number'
        ? item.fonasa_copayment
        : typeof item.fonasa_price === 'number'
          ? item.fonasa_price
          : null;
    if (fonasa !== null) return Math.min(fonasa, particular);
  }
  return particular;
}

/** Service fee uses service_fee, or fonasa_service_fee when fonasa pricing applies. */
export function itemServiceFee(item: CartItem, insurance: Insurance): number {
  if (hasFonasaPricing(item, insurance) && typeof item.fonasa_service_fee === 'number')
    return item.fonasa_service_fee;
  return item.service_fee ?? 0;
}

/** What one patient's share of an item costs: sub-items $0, familiar items divided by N. */
export function patientItemPrice(patient: Pick<CartPatient, 'items' | 'insurance'>, item: CartItem): number {
  return (
    itemPrice(item, patient.insurance, {
      checkSubitem: true,
      patientItems: patient.items,
    }) * itemShare(item)
  );
}

// ---- Derived values ----

function unique(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value !== ''))];
}

function derivePatient(draft: PatientDraft): CartPatient {
  const itemsAmount = draft.items.reduce((sum, item) => sum + itemShare(item), 0);
  const itemsPrice = draft.items.reduce((sum, item) => sum + patientItemPrice(draft, item), 0);
  return { ...draft, itemsAmount, itemsPrice };
}

/** Rebuilds every derived value from the patients: run after any change of content. */
function build(patients: readonly PatientDraft[]): Cart {
  const derived = patients.map(derivePatient);
  const items: Record<string, CartItem> = {};
  for (const patient of derived) for (const item of patient.items) items[String(item.id)] ??= item;
  const all = Object.values(items);
  return {
    items,
    patients: derived,
    itemsAmount: derived.reduce((sum, patient) => sum + patient.itemsAmount, 0),
    patientsAmount: derived.length,
    categories: unique(all.map((item) => item.category)),
    tags: unique(all.flatMap((item) => item.tags ?? [])),
    slugs: unique(all.map((item) => item.slug)),
    includeFonasaItems: all.some((item) => item.allows_fonasa === true),
    patientWithFonasaAmount: derived.filter((patient) => patient.insurance === 'fonasa').length,
  };
}

function emptyPatient(patient: CartPatientInfo | null = null): PatientDraft {
  return {
    patient,
    insurance: DEFAULT_INSURANCE,
    items: [],
    clientCheckedItemsIds: [],
  };
}

function holds(patient: Pick<CartPatient, 'items'>, id: ItemId): boolean {
  return patient.items.some((item) => sameId(item.id, id));
}

function withoutItem(patient: PatientDraft, id: ItemId): PatientDraft {
  return {
    ...patient,
    items: patient.items.filter((item) => !sameId(item.id, id)),
    clientCheckedItemsIds: patient.clientCheckedItemsIds.filter((checked) => !sameId(checked, id)),
  };
}

/** A new cart: one patient with no items and particular insurance. */
export function createCart(): Cart {
  return build([emptyPatient()]);
}

/** Clears back to one empty patient. */
export const clearCart = createCart;

/** Rebuilds a cart from stored patients (e.g. a persisted cart), recomputing every derived value. */
export function cartFromPatients(patients: readonly PatientDraft[]): Cart {
  return build(patients.map((patient) => ({ ...emptyPatient(), ...patient })));
}

// ---- Adding ----

export interface AddItemOptions {
  /** The patient to add to; by default the first patient that does not hold the item yet. */
  patientIndex?: number;
}

/**
 * Adds an item. Refused when the item is missing, the patient index does not
 * exist, or the item (or any item already in the cart) does not allow more items. A familiar
 * item with a patient count goes on that many patients (from the first), creating patients as
 * needed; a count of 0 fails.
 */
export function addItem(
  cart: Cart,
  item: CartItem | null | undefined,
  options: AddItemOptions = {},
): CartChange {
  if (!item) return { ok: false, reason: 'missing-item', cart };
  const { patientIndex } = options;
  if (patientIndex !== undefined && !cart.patients[patientIndex])
    return { ok: false, reason: 'missing-patient', cart };
  // The same item for another patient is not "more items"; any other item is.
  const others = Object.values(cart.items).filter((other) => !sameId(other.id, item.id));
  if (others.length > 0 && (!allowsMoreItems(item) || !others.every(allowsMoreItems))) {
    return { ok: false, reason: 'not-combinable', cart };
  }

  const patients: PatientDraft[] = [...cart.patients];
  const familiarCount = familiarPatientCount(item);
  if (familiarCount !== null) {
    if (familiarCount <= 0) return { ok: false, reason: 'invalid-familiar-count', cart };
    if (cart.items[String(item.id)]) return { ok: false, reason: 'already-added', cart };
    while (patients.length < familiarCount) patients.push(emptyPatient());
    for (let i = 0; i < familiarCount; i += 1) {
      const patient = patients[i] as PatientDraft;
      patients[i] = { ...patient, items: [...patient.items, item] };
    }
    return { ok: true, cart: build(patients) };
  }

  let target = patientIndex ?? patients.findIndex((patient) => !holds(patient, item.id));
  if (target === -1 && patients.length === 0) {
    patients.push(emptyPatient());
    target = 0;
  }
  const patient = patients[target];
  if (!patient || holds(patient, item.id)) return { ok: false, reason: 'already-added', cart };
  patients[target] = { ...patient, items: [...patient.items, item] };
  return { ok: true, cart: build(patients) };
}

export interface AddItemsResult {
  cart: Cart;
  refused: { item: CartItem; reason: CartRefusal }[];
}

/** Adds several items, each on the first patient lacking it; `reset` starts from one empty patient. */
export function addItems(
  cart: Cart,
  items: readonly CartItem[],
  options: { reset?: boolean } = {},
): AddItemsResult {
  let current = options.reset ? createCart() : cart;
  const refused: AddItemsResult['refused'] = [];
  for (const item of items) {
    const change = addItem(current, item);
    if (change.ok) current = change.cart;
    else refused.push({ item, reason: change.reason });
  }
  return { cart: current, refused };
}

// ---- Removing ----

/**
 * Removes an item from one patient, or from all when no patient is given. A familiar item is
 * always removed from every patient.
 */
export function removeItem(cart: Cart, id: ItemId, patientIndex?: number): Cart {
  const item = cart.items[String(id)];
  const everywhere =
    patientIndex === undefined || (item !== undefined && familiarPatientCount(item) !== null);
  return build(
    cart.patients.map((patient, index) =>
      everywhere || index === patientIndex ? withoutItem(patient, id) : patient,
    ),
  );
}

/** Removes several items from every patient (bulk remove). */
export function removeItems(cart: Cart, ids: readonly ItemId[]): Cart {
  return build(cart.patients.map((patient) => ids.reduce(withoutItem, patient as PatientDraft)));
}

/** Removes every patient (and so every item). */
export function removeAllPatients(_cart: Cart): Cart {
  return build([]);
}

// ---- Patients ----

export function addPatient(cart: Cart, patient: CartPatientInfo | null = null): Cart {
  return build([...cart.patients, emptyPatient(patient)]);
}

/** Adding a patient is offered only while the count is below max_patients_per_appointment, if set. */
export function canAddPatient(
  cart: Pick<Cart, 'patientsAmount'>,
  maxPatients: number | null | undefined,
): boolean {
  return maxPatients === null || maxPatients === undefined || cart.patientsAmount < maxPatients;
}

/** Removes a patient (the last by default) and its familiar items from the other patients. */
export function removePatient(cart: Cart, index: number = cart.patients.length - 1): Cart {
  const removed = cart.patients[index];
  if (!removed) return cart;
  const familiarIds = removed.items
    .filter((item) => familiarPatientCount(item) !== null)
    .map((item) => item.id);
  const rest = cart.patients.filter((_, i) => i !== index);
  return build(rest.map((patient) => familiarIds.reduce(withoutItem, patient as PatientDraft)));
}

export function setPatientInfo(cart: Cart, index: number, info: CartPatientInfo | null): Cart {
  if (!cart.patients[index]) return cart;
  return build(cart.patients.map((patient, i) => (i === index ? { ...patient, patient: info } : patient)));
}

/** Changes a patient's insurance; fonasa in a commune without it is forced back to particular. */
export function setInsurance(cart: Cart, index: number, insurance: Insurance, commune?: string | null): Cart {
  if (!cart.patients[index]) return cart;
  const resolved = resolveInsurance(insurance, commune);
  return build(
    cart.patients.map((patient, i) =>
      // Leaving Fonasa forgets the tier; saying Fonasa again asks for it again.
      i === index
        ? { ...patient, insurance: resolved, fonasaTier: resolved === 'fonasa' ? null : undefined }
        : patient,
    ),
  );
}

/** A Fonasa patient's tier: B, C and D are priced with the copay, A as particular. */
export function setFonasaTier(cart: Cart, index: number, tier: FonasaTier, commune?: string | null): Cart {
  if (!cart.patients[index]) return cart;
  return build(
    cart.patients.map((patient, i) =>
      i === index
        ? { ...patient, fonasaTier: tier, insurance: pricedInsurance(true, tier, commune) }
        : patient,
    ),
  );
}

/** Whether a patient said they have Fonasa (priced with it or, tier A, without). */
export const hasFonasa = (patient: Pick<CartPatient, 'insurance' | 'fonasaTier'>): boolean =>
  patient.insurance === 'fonasa' || patient.fonasaTier !== undefined;

/** The patients that said they have Fonasa and have not chosen their tier yet. */
export function patientsWithoutFonasaTier(cart: Pick<Cart, 'patients'>): number[] {
  return cart.patients.flatMap((patient, index) =>
    hasFonasa(patient) && !patient.fonasaTier ? [index] : [],
  );
}

/** Re-applies the commune rule to every patient (e.g. after the address changes). */
export function enforceCommuneInsurance(cart: Cart, commune: string | null | undefined): Cart {
  return build(
    cart.patients.map((patient) => {
      const insurance = resolveInsurance(patient.insurance, commune);
      // Where Fonasa is not offered, nobody is asked for a tier.
      return isFonasaAvailableIn(commune)
        ? { ...patient, insurance }
        : { ...patient, insurance, fonasaTier: undefined };
    }),
  );
}

// ---- Moving and updating ----

/**
 * Moves an item from one patient to another at a position (clamped to the list). Nothing changes
 * if either patient is missing, the source lacks the item or the target already holds it.
 */
export function moveItem(cart: Cart, id: ItemId, from: number, to: number, position: number): Cart {
  const source = cart.patients[from];
  const target = cart.patients[to];
  const item = source?.items.find((candidate) => sameId(candidate.id, id));
  if (!source || !target || !item) return cart;
  if (from === to) {
    const items = source.items.filter((candidate) => candidate !== item);
    items.splice(Math.max(0, Math.min(position, items.length)), 0, item);
    return build(cart.patients.map((patient, i) => (i === from ? { ...patient, items } : patient)));
  }
  if (holds(target, id)) return cart;
  const targetItems = [...target.items];
  targetItems.splice(Math.max(0, Math.min(position, targetItems.length)), 0, item);
  return build(
    cart.patients.map((patient, i) => {
      if (i === from) return withoutItem(patient, id);
      if (i === to) return { ...patient, items: targetItems };
      return patient;
    }),
  );
}

/** Replaces items by id wherever they are (bulk update, e.g. prices re-read for a new commune). */
export function updateItems(cart: Cart, items: readonly CartItem[]): Cart {
  const byId = new Map(items.map((item) => [String(item.id), item]));
  return build(
    cart.patients.map((patient) => ({
      ...patient,
      items: patient.items.map((item) => byId.get(String(item.id)) ?? item),
    })),
  );
}

// ---- Client-checked items (split payment) ----

/** Sub-items can never be checked: their price is already in the item that includes them. */
export function isClientCheckable(patient: Pick<CartPatient, 'items'>, id: ItemId): boolean {
  const item = patient.items.find((candidate) => sameId(candidate.id, id));
  return item !== undefined && !isSubitem(item, patient.items);
}

/** Marks or unmarks an item as paid by the client company for one patient. */
export function setClientChecked(cart: Cart, index: number, id: ItemId, checked: boolean): Cart {
  const patient = cart.patients[index];
  if (!patient) return cart;
  if (checked && !isClientCheckable(patient, id)) return cart;
  const others = patient.clientCheckedItemsIds.filter((checkedId) => !sameId(checkedId, id));
  const clientCheckedItemsIds = checked ? [...others, id] : others;
  return build(cart.patients.map((p, i) => (i === index ? { ...p, clientCheckedItemsIds } : p)));
}

// ---- Checks ----

/** Indexes of patients with no items: they block continuing. */
export function patientsWithoutServices(cart: Pick<Cart, 'patients'>): number[] {
  return cart.patients.flatMap((patient, index) => (patient.items.length === 0 ? [index] : []));
}

/** The ids of a patient's items that other items of the same patient include. */
export function subitemIds(patient: Pick<CartPatient, 'items'>): ItemId[] {
  const included = patient.items.flatMap(includedIds);
  return patient.items.filter((item) => included.some((id) => sameId(id, item.id))).map((item) => item.id);
}
