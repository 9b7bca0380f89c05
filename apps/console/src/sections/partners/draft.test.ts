import { describe, expect, it } from 'vitest';
import { changedPaths } from './audit-trail.tsx';
import { getIn, previewOf, problemsOf, setIn } from './draft.ts';

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
