import type { CartPatient } from './cart.ts';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  addItems,
  addPatient,
  type Cart,
  canAddPatient,
  cartFromPatients,
  clearCart,
  createCart,
  enforceCommuneInsurance,
  isClientCheckable,
  itemPrice,
  itemServiceFee,
  moveItem,
  PATIENTS_WITHOUT_SERVICES_MESSAGE,
  patientsWithoutServices,
  removeAllPatients,
  removeItem,
  removeItems,
  removePatient,
  setClientChecked,
  setInsurance,
  setFonasaTier,
  hasFonasa,
  patientsWithoutFonasaTier,
  setPatientInfo,
  subitemIds,
  updateItems,
} from './cart.ts';
import type { CartItem } from './cart-item.ts';

const item = (id: number, fields: Partial<CartItem> = {}): CartItem => ({
  id,
  name: `Examen ${id}`,
  price: 1000 * id,
  type: 'panel',
  category: 'lab',
  slug: `examen-${id}`,
  ...fields,
});

const hemograma = item(1, {
  tags: ['sangre'],
  allows_fonasa: true,
  fonasa_price: 500,
});
const glucosa = item(2, { tags: ['sangre', 'ayuno'] });
const orina = item(3, { category: 'urine' });
const chequeo = item(10, {
  type: 'pack',
  items: [{ id: 1 }, { id: 2 }],
  category: 'pack',
});
const familiar = item(20, {
  is_familiar: true,
  number_of_patients: 3,
  price: 9000,
});
const familiarZero = item(21, { is_familiar: true, number_of_patients: 0 });
const alone = item(30, {
  allows_more_items_in_cart: false,
  category: 'vaccine',
});

function added(cart: Cart, ...items: CartItem[]): Cart {
  return items.reduce((current, next) => {
    const change = addItem(current, next);
    if (!change.ok) throw new Error(change.reason);
    return change.cart;
  }, cart);
}

function addTo(cart: Cart, subject: CartItem, patientIndex: number): Cart {
  const change = addItem(cart, subject, { patientIndex });
  if (!change.ok) throw new Error(change.reason);
  return change.cart;
}

const ids = (cart: Cart) => cart.patients.map((patient) => patient.items.map((i) => i.id));

describe('a new or cleared cart is one empty patient', () => {
  it.each([
    ['createCart', createCart()],
    ['clearCart', clearCart()],
  ])('%s', (_, cart) => {
    expect(cart.patients).toHaveLength(1);
    expect(cart.patients[0]).toMatchObject({
      patient: null,
      insurance: 'particular',
      items: [],
      itemsAmount: 0,
    });
    expect(cart).toMatchObject({
      itemsAmount: 0,
      patientsAmount: 1,
      includeFonasaItems: false,
      patientWithFonasaAmount: 0,
    });
  });
});

describe('adding is refused for a missing item, a missing patient, or items that allow no more items', () => {
  it.each([
    ['missing item', createCart(), null, undefined, 'missing-item'],
    ['missing patient index', createCart(), hemograma, 1, 'missing-patient'],
    ['new item allows no more items', added(createCart(), hemograma), alone, undefined, 'not-combinable'],
    [
      'existing item allows no more items',
      added(createCart(), alone),
      hemograma,
      undefined,
      'not-combinable',
    ],
    ['familiar count 0 fails', createCart(), familiarZero, undefined, 'invalid-familiar-count'],
    ['patient already holds it', added(createCart(), hemograma), hemograma, 0, 'already-added'],
  ] as const)('%s', (_, cart, newItem, patientIndex, reason) => {
    const change = addItem(cart, newItem, patientIndex === undefined ? {} : { patientIndex });
    expect(change).toEqual({ ok: false, reason, cart });
  });

  it('accepts an item that allows no more items into an empty cart', () => {
    const change = addItem(createCart(), alone);
    expect(change.ok).toBe(true);
  });

  it('accepts the same non-combinable item for another patient', () => {
    const cart = addPatient(added(createCart(), alone));
    const change = addItem(cart, alone);
    expect(change.ok && ids(change.cart)).toEqual([[30], [30]]);
  });
});

describe('an item goes on the given patient, or on the first patient that does not yet hold it', () => {
  it('defaults to the first patient', () => {
    expect(ids(added(createCart(), hemograma, glucosa))).toEqual([[1, 2]]);
  });

  it('goes to the next patient lacking it', () => {
    const cart = addPatient(added(createCart(), hemograma));
    expect(ids(added(cart, hemograma))).toEqual([[1], [1]]);
  });

  it('refuses when every patient holds it', () => {
    const change = addItem(added(createCart(), hemograma), hemograma);
    expect(change.ok ? null : change.reason).toBe('already-added');
  });

  it('uses the given patient', () => {
    const change = addItem(addPatient(createCart()), glucosa, {
      patientIndex: 1,
    });
    expect(change.ok && ids(change.cart)).toEqual([[], [2]]);
  });

  it('creates a patient in a cart that has none', () => {
    const change = addItem(removeAllPatients(createCart()), glucosa);
    expect(change.ok && ids(change.cart)).toEqual([[2]]);
  });
});

describe('familiar items', () => {
  it('spread over N patients, creating patients as needed, each counting 1/N', () => {
    const change = addItem(added(createCart(), hemograma), familiar);
    expect(change.ok).toBe(true);
    if (!change.ok) return;
    expect(ids(change.cart)).toEqual([[1, 20], [20], [20]]);
    expect(change.cart.patients.map((p) => p.itemsAmount)).toEqual([1 + 1 / 3, 1 / 3, 1 / 3]);
    expect(change.cart.itemsAmount).toBeCloseTo(2);
    expect(change.cart.patients[1]?.itemsPrice).toBe(3000);
  });

  it('are refused a second time', () => {
    const cart = added(createCart(), familiar);
    const change = addItem(cart, familiar);
    expect(change.ok ? null : change.reason).toBe('already-added');
  });

  it('are removed from all patients even when one patient is named', () => {
    const cart = added(createCart(), familiar, glucosa);
    expect(ids(removeItem(cart, 20, 1))).toEqual([[2], [], []]);
  });

  it('leave with the patient that is removed', () => {
    const cart = added(createCart(), familiar);
    const withGlucosa = added(cart, glucosa);
    expect(ids(removePatient(withGlucosa))).toEqual([[2], []]);
  });
});

describe('removing', () => {
  const cart = addPatient(added(createCart(), hemograma, glucosa));
  const two = added(cart, hemograma);

  it.each([
    ['from one patient', removeItem(two, 1, 0), [[2], [1]]],
    ['from every patient', removeItem(two, 1), [[2], []]],
    ['several items', removeItems(two, [1, 2]), [[], []]],
    ['an unknown item', removeItem(two, 99, 0), [[1, 2], [1]]],
  ])('%s', (_, result, expected) => {
    expect(ids(result)).toEqual(expected);
  });

  it('all patients', () => {
    const empty = removeAllPatients(two);
    expect(empty.patients).toEqual([]);
    expect(empty).toMatchObject({
      patientsAmount: 0,
      itemsAmount: 0,
      items: {},
    });
  });

  it('the last patient by default, or a given one', () => {
    expect(ids(removePatient(two))).toEqual([[1, 2]]);
    expect(ids(removePatient(two, 0))).toEqual([[1]]);
    expect(removePatient(two, 5)).toBe(two);
  });

  it('drops a removed item from the client-checked ids', () => {
    const checked = setClientChecked(two, 0, 2, true);
    expect(removeItem(checked, 2).patients[0]?.clientCheckedItemsIds).toEqual([]);
  });
});

describe('patients', () => {
  it('adds a patient with its info and sets info', () => {
    const cart = addPatient(createCart(), { first_name: 'Ana' });
    expect(cart.patients[1]?.patient).toEqual({ first_name: 'Ana' });
    expect(setPatientInfo(cart, 0, { first_name: 'Luis' }).patients[0]?.patient).toEqual({
      first_name: 'Luis',
    });
    expect(setPatientInfo(cart, 4, { first_name: 'Luis' })).toBe(cart);
  });

  it.each([
    [1, null, true],
    [1, undefined, true],
    [1, 2, true],
    [2, 2, false],
    [3, 2, false],
  ])('%d patients with max %s: can add %s', (count, max, allowed) => {
    expect(canAddPatient({ patientsAmount: count }, max)).toBe(allowed);
  });

  it('patients without services block continuing', () => {
    const cart = addPatient(added(createCart(), hemograma));
    expect(patientsWithoutServices(cart)).toEqual([1]);
    expect(patientsWithoutServices(addTo(cart, glucosa, 1))).toEqual([]);
    expect(PATIENTS_WITHOUT_SERVICES_MESSAGE).toBe(
      'Tienes pacientes sin servicios, agrégales servicios o elimínalos para continuar',
    );
  });
});

describe('insurance in the cart', () => {
  const cart = addPatient(added(createCart(), hemograma, glucosa));

  it('counts fonasa patients and prices fonasa items for them', () => {
    const fonasa = setInsurance(cart, 0, 'fonasa', 'Las Condes');
    expect(fonasa.patientWithFonasaAmount).toBe(1);
    expect(fonasa.patients[0]?.itemsPrice).toBe(500 + 2000);
    expect(cart.patients[0]?.itemsPrice).toBe(1000 + 2000);
  });

  it('forces particular in a commune without fonasa', () => {
    expect(setInsurance(cart, 0, 'fonasa', 'Talagante').patients[0]?.insurance).toBe('particular');
    expect(setInsurance(cart, 9, 'fonasa')).toBe(cart);
  });

  it('re-applies the commune rule to every patient', () => {
    const fonasa = setInsurance(setInsurance(cart, 0, 'fonasa'), 1, 'fonasa');
    expect(enforceCommuneInsurance(fonasa, 'Melipilla').patientWithFonasaAmount).toBe(0);
    expect(enforceCommuneInsurance(fonasa, 'Ñuñoa').patientWithFonasaAmount).toBe(2);
    // Where there is no Fonasa nobody is asked for a tier.
    expect(patientsWithoutFonasaTier(enforceCommuneInsurance(fonasa, 'Melipilla'))).toEqual([]);
  });

  it('asks a Fonasa patient for the tier, prices tier A as particular and B-D with the copay', () => {
    const fonasa = setInsurance(cart, 0, 'fonasa', 'Las Condes');
    expect(hasFonasa(fonasa.patients[0] as CartPatient)).toBe(true);
    expect(patientsWithoutFonasaTier(fonasa)).toEqual([0]);
    const tierA = setFonasaTier(fonasa, 0, 'A', 'Las Condes');
    expect(patientsWithoutFonasaTier(tierA)).toEqual([]);
    expect(tierA.patients[0]).toMatchObject({ insurance: 'particular', fonasaTier: 'A' });
    expect(hasFonasa(tierA.patients[0] as CartPatient)).toBe(true);
    expect(tierA.patients[0]?.itemsPrice).toBe(1000 + 2000);
    const tierC = setFonasaTier(tierA, 0, 'C', 'Las Condes');
    expect(tierC.patients[0]).toMatchObject({ insurance: 'fonasa', fonasaTier: 'C' });
    expect(tierC.patients[0]?.itemsPrice).toBe(500 + 2000);
    // Back to particular forgets the tier.
    const back = setInsurance(tierC, 0, 'particular');
    expect(back.patients[0]?.fonasaTier).toBeUndefined();
    expect(hasFonasa(back.patients[0] as CartPatient)).toBe(false);
    expect(setFonasaTier(cart, 9, 'B')).toBe(cart);
  });
});

describe('derived values are recomputed on every change', () => {
  it('sums items, lists categories, tags and slugs once, flags fonasa items', () => {
    const cart = addTo(added(addPatient(added(createCart(), hemograma, glucosa)), hemograma), orina, 1);
    expect(ids(cart)).toEqual([
      [1, 2],
      [1, 3],
    ]);
    expect(cart).toMatchObject({
      itemsAmount: 4,
      patientsAmount: 2,
      categories: ['lab', 'urine'],
      tags: ['sangre', 'ayuno'],
      slugs: ['examen-1', 'examen-2', 'examen-3'],
      includeFonasaItems: true,
      patientWithFonasaAmount: 0,
    });
    expect(Object.keys(cart.items)).toEqual(['1', '2', '3']);
    expect(removeItem(cart, 1)).toMatchObject({
      includeFonasaItems: false,
      itemsAmount: 2,
    });
  });

  it('rebuilds a stored cart', () => {
    const cart = cartFromPatients([
      {
        patient: null,
        insurance: 'fonasa',
        items: [hemograma],
        clientCheckedItemsIds: [],
      },
    ]);
    expect(cart).toMatchObject({ itemsAmount: 1, patientWithFonasaAmount: 1 });
    expect(cart.patients[0]?.itemsPrice).toBe(500);
  });
});

describe('sub-items cost $0 when the check is requested', () => {
  const cart = added(createCart(), chequeo, hemograma, orina);
  const [patient] = cart.patients;

  it('detects the sub-items of a patient', () => {
    expect(patient && subitemIds(patient)).toEqual([1]);
  });

  it.each([
    [hemograma, true, 0],
    [hemograma, false, 1000],
    [orina, true, 3000],
  ])('item %o with check %s costs %d', (subject, checkSubitem, price) => {
    expect(
      itemPrice(subject, 'particular', {
        checkSubitem,
        patientItems: patient?.items ?? [],
      }),
    ).toBe(price);
  });

  it('is left out of the patient total', () => {
    expect(patient?.itemsPrice).toBe(10_000 + 3000);
  });
});

describe('item price and service fee', () => {
  it.each([
    [item(1, { price: 1000 }), 'particular', 1000],
    [item(1, { price: 1000, is_promotion: true, promotion_price: 800 }), 'particular', 800],
    [item(1, { price: 1000, is_promotion: false, promotion_price: 800 }), 'particular', 1000],
    [item(1, { price: 1000, allows_fonasa: true, fonasa_price: 400 }), 'fonasa', 400],
    [item(1, { price: 1000, allows_fonasa: false, fonasa_price: 400 }), 'fonasa', 1000],
    [item(1, { price: 1000, allows_fonasa: true, fonasa_price: null }), 'fonasa', 1000],
    [item(1, { price: 1000, allows_fonasa: true, fonasa_price: 600, fonasa_copayment: 400 }), 'fonasa', 400],
    [item(1, { price: 1000, allows_fonasa: true, fonasa_price: null, fonasa_copayment: 300 }), 'fonasa', 300],
    [item(1, { price: 500, allows_fonasa: true, fonasa_price: 600 }), 'fonasa', 500],
    [item(1, { price: 1000, allows_fonasa: true, fonasa_copayment: 400 }), 'particular', 1000],
    [item(1, { price: null }), 'particular', 0],
  ] as const)('%o for %s costs %d', (subject, insurance, price) => {
    expect(itemPrice(subject, insurance)).toBe(price);
  });

  it.each([
    [
      item(1, {
        service_fee: 5000,
        fonasa_service_fee: 3000,
        allows_fonasa: true,
      }),
      'fonasa',
      3000,
    ],
    [
      item(1, {
        service_fee: 5000,
        fonasa_service_fee: 3000,
        allows_fonasa: true,
      }),
      'particular',
      5000,
    ],
    [
      item(1, {
        service_fee: 5000,
        fonasa_service_fee: null,
        allows_fonasa: true,
      }),
      'fonasa',
      5000,
    ],
    [item(1, {}), 'particular', 0],
  ] as const)('service fee of %o for %s is %d', (subject, insurance, fee) => {
    expect(itemServiceFee(subject, insurance)).toBe(fee);
  });
});

describe('moving an item between patients at a position', () => {
  const cart = addTo(addTo(addPatient(added(createCart(), hemograma, glucosa)), orina, 1), hemograma, 1);

  it.each([
    ['to another patient at 0', 2, 0, 1, 0, [[1], [2, 3, 1]]],
    ['to another patient at the end', 2, 0, 1, 99, [[1], [3, 1, 2]]],
    [
      'within the same patient',
      2,
      0,
      0,
      0,
      [
        [2, 1],
        [3, 1],
      ],
    ],
    [
      'not when the target holds it',
      1,
      0,
      1,
      0,
      [
        [1, 2],
        [3, 1],
      ],
    ],
    [
      'not from a patient lacking it',
      3,
      0,
      1,
      0,
      [
        [1, 2],
        [3, 1],
      ],
    ],
    [
      'not to a missing patient',
      2,
      0,
      5,
      0,
      [
        [1, 2],
        [3, 1],
      ],
    ],
  ])('%s', (_, id, from, to, position, expected, third = false) => {
    expect(ids(moveItem(third ? addPatient(cart) : cart, id, from, to, position))).toEqual(expected);
  });
});

describe('bulk update and add items', () => {
  it('replaces items by id everywhere', () => {
    const cart = added(addPatient(added(createCart(), hemograma)), hemograma);
    const repriced = updateItems(cart, [{ ...hemograma, price: 1500 }]);
    expect(repriced.patients.map((p) => p.itemsPrice)).toEqual([1500, 1500]);
    expect(repriced.items['1']?.price).toBe(1500);
  });

  it('adds each item on the first patient lacking it and reports refusals', () => {
    const cart = added(createCart(), hemograma);
    const { cart: result, refused } = addItems(cart, [glucosa, hemograma, alone]);
    expect(ids(result)).toEqual([[1, 2]]);
    expect(refused.map((r) => [r.item.id, r.reason])).toEqual([
      [1, 'already-added'],
      [30, 'not-combinable'],
    ]);
  });

  it('optionally resets patients first', () => {
    const cart = addPatient(added(createCart(), hemograma));
    expect(ids(addItems(cart, [glucosa], { reset: true }).cart)).toEqual([[2]]);
  });
});

describe('client-checked items', () => {
  const cart = added(createCart(), chequeo, hemograma, orina);

  it('marks and unmarks', () => {
    const checked = setClientChecked(cart, 0, 3, true);
    expect(checked.patients[0]?.clientCheckedItemsIds).toEqual([3]);
    expect(setClientChecked(checked, 0, 3, true).patients[0]?.clientCheckedItemsIds).toEqual([3]);
    expect(setClientChecked(checked, 0, 3, false).patients[0]?.clientCheckedItemsIds).toEqual([]);
  });

  it('never checks a sub-item or an item the patient lacks', () => {
    expect(setClientChecked(cart, 0, 1, true)).toBe(cart);
    expect(setClientChecked(cart, 0, 99, true)).toBe(cart);
    expect(setClientChecked(cart, 3, 3, true)).toBe(cart);
    const [patient] = cart.patients;
    expect(patient && isClientCheckable(patient, 1)).toBe(false);
    expect(patient && isClientCheckable(patient, 10)).toBe(true);
  });
});
