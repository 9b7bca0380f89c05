import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CATALOGUE_KIND_LABELS,
  CATALOGUE_KINDS,
  CATALOGUE_SKILLS,
  type CatalogueKind,
  type CatalogueSkill,
  type ConsoleCatalogueFields,
  type ConsoleCatalogueItem,
} from '@visita/domain/contract/console-catalogue';
import type { CountryCode } from '@visita/domain/locale';
import { type FormEvent, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { useCatalogueOptions } from './catalogue-options.ts';
import { COPY, SKILL_LABELS } from './copy.ts';

const WHOLE = /^\d{1,6}$/;
const DEFAULT_SKILL: Record<CatalogueKind, CatalogueSkill> = {
  exam: 'lab',
  pack: 'lab',
  vaccine: 'vaccine',
  service: 'medical_service',
};

/** What the form sends: the fields, and on creation the kind and the id. */
export type CatalogueFormValues = ConsoleCatalogueFields & { kind: CatalogueKind; id: number | null };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * An item's fields, to create one (`item` absent: the kind and id are chosen) or edit one. The
 * API checks every value again and answers in Spanish.
 */
export function CatalogueForm({
  item,
  country,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  item?: ConsoleCatalogueItem;
  country: CountryCode;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: CatalogueFormValues) => void;
}) {
  const options = useCatalogueOptions(country);
  const [kind, setKind] = useState<CatalogueKind>(item?.kind ?? 'exam');
  const [skill, setSkill] = useState<CatalogueSkill>(item?.skill ?? 'lab');
  const [items, setItems] = useState<string[]>((item?.items ?? []).map((sub) => String(sub.id)));
  const [problem, setProblem] = useState<string | null>(null);
  const itemOptions = (options.data?.items ?? [])
    .filter((option) => option.id !== item?.id)
    .map((option) => ({
      value: String(option.id),
      label: `${option.name} (${option.id}, ${CATALOGUE_KIND_LABELS[option.kind].toLowerCase()})`,
    }));
  const known = new Set(itemOptions.map((option) => option.value));
  const chosenUnknown = items.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` }));
  const takesItems = kind === 'pack' || kind === 'exam';

  const hours = (form: FormData, name: string, what: string): number | null | false => {
    const value = text(form, name);
    if (value === '') return null;
    if (!WHOLE.test(value)) {
      setProblem(COPY.badNumber(what));
      return false;
    }
    return Number(value);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setProblem(null);
    const fast = hours(form, 'fast_hours', COPY.fastHours);
    const results = hours(form, 'results_hours', COPY.resultsHours);
    const id = item ? item.id : hours(form, 'id', COPY.idLabel);
    if (fast === false || results === false || id === false) return;
    const optional = (name: string) => text(form, name) || null;
    onSubmit({
      kind,
      id,
      name: text(form, 'name'),
      display_name: optional('display_name'),
      short_name: optional('short_name'),
      slug: optional('slug'),
      cms_slug: kind === 'pack' ? null : optional('cms_slug'),
      description: optional('description'),
      tags: text(form, 'tags')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      skill: kind === 'pack' ? DEFAULT_SKILL.pack : skill,
      fast_hours: fast,
      results_hours: results,
      results_on_business_days: form.get('results_on_business_days') === 'on',
      allows_more_items_in_cart: form.get('allows_more_items_in_cart') === 'on',
      stackable: form.get('stackable') === 'on',
      active: form.get('active') === 'on',
      item_ids: takesItems ? items.map(Number) : [],
    });
  };

  return (
    <form onSubmit={submit} aria-label={submitLabel} noValidate>
      <Stack gap="sm" maw={720}>
        <FormAlert message={problem} />
        {error ? <ApiAlert error={error} /> : null}
        {options.error ? <ApiAlert error={options.error} /> : null}
        {item ? null : (
          <Group align="flex-start" grow>
            <NativeSelect
              name="kind"
              label={COPY.kind}
              value={kind}
              onChange={(event) => {
                const next = event.currentTarget.value as CatalogueKind;
                setKind(next);
                setSkill(DEFAULT_SKILL[next]);
              }}
              data={CATALOGUE_KINDS.map((value) => ({ value, label: CATALOGUE_KIND_LABELS[value] }))}
            />
            <TextInput
              name="id"
              label={COPY.idLabel}
              description={COPY.idHint(options.data?.next_id ?? 0)}
              inputMode="numeric"
              maxLength={9}
              autoComplete="off"
            />
          </Group>
        )}
        <TextInput
          name="name"
          label={COPY.name}
          description={COPY.nameHint}
          required
          maxLength={200}
          defaultValue={item?.name ?? ''}
        />
        <TextInput
          name="display_name"
          label={COPY.displayName}
          description={COPY.displayNameHint}
          maxLength={200}
          defaultValue={item?.display_name ?? ''}
        />
        <TextInput
          name="short_name"
          label={COPY.shortName}
          maxLength={120}
          defaultValue={item?.short_name ?? ''}
        />
        <TextInput
          name="slug"
          label={COPY.slug}
          description={COPY.slugHint}
          maxLength={120}
          defaultValue={item?.slug ?? ''}
        />
        {kind === 'pack' ? null : (
          <NativeSelect
            name="skill"
            label={COPY.skill}
            value={skill}
            onChange={(event) => setSkill(event.currentTarget.value as CatalogueSkill)}
            data={CATALOGUE_SKILLS.map((value) => ({ value, label: SKILL_LABELS[value] }))}
          />
        )}
        {takesItems ? (
          <MultiSelect
            label={COPY.items}
            description={kind === 'pack' ? COPY.itemsHintPack : COPY.itemsHintExam}
            data={[...itemOptions, ...chosenUnknown]}
            value={items}
            onChange={setItems}
            searchable
            clearable
            limit={50}
          />
        ) : null}
        <Group align="flex-start" grow>
          <TextInput
            name="fast_hours"
            label={COPY.fastHours}
            description={COPY.fastHint}
            inputMode="numeric"
            maxLength={6}
            defaultValue={item?.fast_hours?.toString() ?? ''}
          />
          <TextInput
            name="results_hours"
            label={COPY.resultsHours}
            inputMode="numeric"
            maxLength={6}
            defaultValue={item?.results_hours?.toString() ?? ''}
          />
        </Group>
        <Checkbox
          name="results_on_business_days"
          label={COPY.resultsOnBusinessDays}
          defaultChecked={item?.results_on_business_days ?? false}
        />
        <Checkbox
          name="allows_more_items_in_cart"
          label={COPY.allowsMore}
          description={COPY.allowsMoreHint}
          defaultChecked={item?.allows_more_items_in_cart ?? true}
        />
        <Checkbox name="stackable" label={COPY.stackable} defaultChecked={item?.stackable ?? false} />
        <Textarea
          name="description"
          label={COPY.description}
          maxLength={2000}
          autosize
          minRows={2}
          defaultValue={item?.description ?? ''}
        />
        {kind === 'pack' ? null : (
          <TextInput
            name="cms_slug"
            label={COPY.cmsSlug}
            description={COPY.cmsSlugHint}
            maxLength={120}
            defaultValue={item?.cms_slug ?? ''}
          />
        )}
        <TextInput
          name="tags"
          label={COPY.tags}
          maxLength={1000}
          defaultValue={(item?.tags ?? []).join(', ')}
        />
        <Checkbox name="active" label={COPY.activeLabel} defaultChecked={item?.active ?? true} />
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
