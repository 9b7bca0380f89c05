import { partnerDraftProblems } from '@visita/domain/contract/console-partners';
import { describe, expect, it } from 'vitest';
import { changedPaths } from './audit-trail.tsx';
import {
  bodyOf,
  getIn,
  hasModeSettings,
  numberValue,
  previewOf,
  problemsOf,
  receiverIdOf,
  renameKey,
  setIn,
  textValue,
  unusedKey,
  withoutModeSettings,
  withoutRow,
} from './draft.ts';

describe("a partner's draft", () => {
  it('sets a nested value without touching the rest, making objects on the way, and removes with undefined', () => {
    const draft = { name: 'Demo', sdk_config_v2: null, profile: { copy: { introduction: { title: 'A' } } } };
    const colour = setIn(draft, 'sdk_config_v2.main_color', '#C0392B');
    expect(colour).toEqual({ ...draft, sdk_config_v2: { main_color: '#C0392B' } });
    expect(draft.sdk_config_v2).toBeNull();
    const untitled = setIn(draft, 'profile.copy.introduction.title', undefined);
    expect(getIn(untitled, 'profile.copy.introduction')).toEqual({});
    expect(getIn(draft, 'profile.copy.introduction.title')).toBe('A');
  });

  it('edits a list row by its path, keeping the list a list, and removes a row with undefined', () => {
    const draft = {
      receivers: [
        { id: 1, name: 'Uno' },
        { id: 'b', name: 'Dos' },
        { id: 3, name: 'Tres' },
      ],
    };
    const renamed = setIn(draft, 'receivers.1.name', 'Segundo');
    expect(Array.isArray(renamed.receivers)).toBe(true);
    expect(renamed.receivers).toEqual([
      { id: 1, name: 'Uno' },
      { id: 'b', name: 'Segundo' },
      { id: 3, name: 'Tres' },
    ]);
    expect(draft.receivers[1]?.name).toBe('Dos');
    expect(getIn(setIn(draft, 'receivers.1', undefined), 'receivers')).toEqual([
      { id: 1, name: 'Uno' },
      { id: 3, name: 'Tres' },
    ]);
    // A row inside an object inside a list: the terms' paragraphs.
    const terms = {
      profile: { terms: { title: 'T', sections: [{ heading: 'H', paragraphs: ['a', 'b'] }] } },
    };
    expect(
      getIn(setIn(terms, 'profile.terms.sections.0.paragraphs.1', 'B'), 'profile.terms.sections'),
    ).toEqual([{ heading: 'H', paragraphs: ['a', 'B'] }]);
  });

  it("removes a mode's settings as null, which the API's schema takes and the preview sends as none", () => {
    const draft = {
      name: 'Demo',
      sdk_config_v2: { main_color: '#C0392B' },
      laas_config_v2: { showBanner: false },
    };
    expect(hasModeSettings(draft, 'sdk_config_v2')).toBe(true);
    const removed = withoutModeSettings(draft, 'sdk_config_v2');
    expect(removed.sdk_config_v2).toBeNull();
    expect(removed.laas_config_v2).toEqual({ showBanner: false });
    expect(hasModeSettings(removed, 'sdk_config_v2')).toBe(false);
    // The key stays (null), so PATCH sends the removal rather than leaving the stored settings.
    expect(JSON.parse(JSON.stringify(bodyOf(removed)))).toHaveProperty('sdk_config_v2', null);
    expect(partnerDraftProblems(bodyOf(removed))).toEqual({});
    expect(previewOf({ ...removed, profile: {} })).toHaveProperty('sdk_config_v2', null);
    // Setting a field again makes the mode's settings anew.
    expect(setIn(removed, 'sdk_config_v2.main_color', '#111111').sdk_config_v2).toEqual({
      main_color: '#111111',
    });
  });

  it('reads typed values as the schema takes them: ids, empty texts and numbers', () => {
    expect(receiverIdOf('42')).toBe(42);
    expect(receiverIdOf('0')).toBe(0);
    // Leading zeros or letters would be lost or refused as a number: kept as text.
    expect(receiverIdOf('007')).toBe('007');
    expect(receiverIdOf('rx-1')).toBe('rx-1');
    expect(receiverIdOf('')).toBe('');
    expect(textValue('', 'null')).toBeNull();
    expect(textValue('', 'omit')).toBeUndefined();
    expect(textValue('', 'empty')).toBe('');
    expect(textValue('Hola', 'null')).toBe('Hola');
    expect(numberValue('', 'null')).toBeNull();
    expect(numberValue('', 'omit')).toBeUndefined();
    expect(numberValue('-', 'null')).toBeNull();
    expect(numberValue('15', 'omit')).toBe(15);
    expect(numberValue(3, 'null')).toBe(3);
  });

  it("removes a list's row, and its last one as the field's none: empty, null or left out", () => {
    expect(withoutRow(['debit', 'mercadopago'], 0, 'null')).toEqual(['mercadopago']);
    expect(withoutRow(['debit'], 0, 'null')).toBeNull();
    expect(withoutRow(['self-service'], 0, 'omit')).toBeUndefined();
    expect(withoutRow(['Consulta'], 0, 'list')).toEqual([]);
    // Null payment methods are the country's, which the schema takes; an empty list it refuses.
    const body = { profile: { rules: { payment_methods: withoutRow(['debit'], 0, 'null') } } };
    expect(partnerDraftProblems(bodyOf(body))).toEqual({});
    expect(partnerDraftProblems(bodyOf({ profile: { rules: { payment_methods: [] } } }))).toHaveProperty([
      'profile.rules.payment_methods',
    ]);
  });

  it("renames a step's texts in place, never over another step's, and offers the first step not used", () => {
    const steps = { address: { title: 'Dirección' }, date: { cta: 'Seguir' } };
    const renamed = renameKey(steps, 'address', 'services');
    expect(Object.keys(renamed)).toEqual(['services', 'date']);
    expect(renamed.services).toEqual({ title: 'Dirección' });
    expect(renameKey(steps, 'address', 'date')).toBe(steps);
    expect(unusedKey(steps, ['address', 'date', 'payment'])).toBe('payment');
    expect(unusedKey(steps, ['address', 'date'])).toBeUndefined();
  });

  it("names a nested row's problem by its path, as the API's 400 fields do, so it lands on that input", () => {
    const body = {
      receivers: [{ id: 1, name: 'Uno' }],
      profile: {
        help: {
          question: '¿Dudas?',
          action: { kind: 'phone', label: 'Llámanos', href: 'http://x' },
          hours: '9 a 18',
        },
        rules: { company_pays: { items: [], cap_per_person: null }, payment_methods: ['debit', 'cheque'] },
      },
    };
    const problems = partnerDraftProblems(bodyOf(body));
    expect(problems['profile.help.action.href']).toBe('Debe ser https://, tel: o mailto:.');
    expect(problems['profile.rules.company_pays.items']).toBe('La empresa debe pagar al menos un examen.');
    expect(problems).toHaveProperty(['profile.rules.payment_methods.1']);
    expect(problemsOf(problems, 'profile.help.action.href')).toBe('Debe ser https://, tel: o mailto:.');
  });

  it("gives a field its own problems and those inside it, as the API's fields name them", () => {
    const problems = { 'profile.terms.sections.0.heading': 'No puede estar vacío.', name: 'Obligatorio.' };
    expect(problemsOf(problems, 'profile.terms')).toBe('sections.0.heading: No puede estar vacío.');
    expect(problemsOf(problems, 'name')).toBe('Obligatorio.');
    expect(problemsOf(problems, 'logo_url')).toBeNull();
  });

  it('sends the preview its look and texts with the profile filled in, never the webhook, and nothing while it fails', () => {
    const draft = {
      id: 'demo',
      sales_source: 'demo',
      name: 'Demo',
      sdk_config_v2: { main_color: '#C0392B' },
      profile: { webhook: { url: 'https://h.example', secret: 'x' }, footer: 'none' },
    };
    const preview = previewOf(draft);
    expect(preview).toMatchObject({ name: 'Demo', sdk_config_v2: { main_color: '#C0392B' } });
    expect(preview).not.toHaveProperty('sales_source');
    expect(preview?.profile).toMatchObject({ footer: 'none', rules: { origin_other: true } });
    expect(preview?.profile).not.toHaveProperty('webhook');
    expect(previewOf({ ...draft, profile: { footer: 'otro' } })).toBeNull();
  });

  it('lists what an audited change changed', () => {
    expect(
      changedPaths(
        { name: 'A', sdk_config_v2: { main_color: '#111111' }, domains: ['x'] },
        { name: 'A', sdk_config_v2: { main_color: '#222222' }, domains: ['x', 'y'] },
      ),
    ).toEqual(['sdk_config_v2.main_color', 'domains']);
  });
});
