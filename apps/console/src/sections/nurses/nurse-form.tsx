import { Button, Checkbox, Group, MultiSelect, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import {
  type ConsoleNurseBody,
  NURSE_SKILL_LABELS,
  NURSE_SKILLS,
  type NurseExtraShift,
  type NurseShift,
  type NurseSkill,
} from '@visita/domain/contract/console-nurses';
import { type FormEvent, useState } from 'react';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { COPY, WEEKDAYS } from './copy.ts';
import { ShiftRows, type ShiftRowsCopy } from './shift-rows.tsx';
import { useSectors } from '../../api/list-sectors.ts';

export interface NurseDraft {
  name: string;
  document: string;
  phone: string;
  email: string;
  skills: NurseSkill[];
  sector_ids: string[];
  shifts: NurseShift[];
  /** From today on, by date and time. */
  extra_shifts: NurseExtraShift[];
  active: boolean;
}

export const EMPTY_DRAFT: NurseDraft = {
  name: '',
  document: '',
  phone: '',
  email: '',
  skills: ['lab'],
  sector_ids: [],
  shifts: [],
  extra_shifts: [],
  active: true,
};

export const bodyOf = (draft: NurseDraft): ConsoleNurseBody => ({ ...draft });

const WEEKLY_COPY: ShiftRowsCopy = {
  title: COPY.shiftsTitle,
  empty: COPY.noShifts,
  caption: COPY.shiftsCaption,
  day: COPY.weekday,
  startsAt: COPY.startsAt,
  endsAt: COPY.endsAt,
  startsAtInput: COPY.startsAt,
  endsAtInput: COPY.endsAt,
  add: COPY.addShift,
  remove: COPY.removeShift,
};

const EXTRA_COPY: ShiftRowsCopy = {
  title: COPY.extraShiftsTitle,
  hint: COPY.extraShiftsHint,
  empty: COPY.noExtraShifts,
  caption: COPY.extraShiftsCaption,
  day: COPY.date,
  startsAt: COPY.startsAt,
  endsAt: COPY.endsAt,
  startsAtInput: COPY.extraStartsAt,
  endsAtInput: COPY.extraEndsAt,
  add: COPY.addExtraShift,
  remove: COPY.removeExtraShift,
};

const longDate = new Intl.DateTimeFormat('es-CL', { dateStyle: 'full', timeZone: 'UTC' });
/** 'YYYY-MM-DD' as the coordinator reads it ('jueves, 3 de diciembre de 2026'). */
const dateLabel = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : longDate.format(at);
};

/**
 * A nurse's fields: contact, skills, sectors, weekly shifts, extra shifts on a date, active. The API checks every value
 * and answers in Spanish; the form only keeps the draft.
 */
export function NurseForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: NurseDraft;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (draft: NurseDraft) => void;
}) {
  const [draft, setDraft] = useState<NurseDraft>(initial);
  const sectors = useSectors();
  const set = <K extends keyof NurseDraft>(key: K, value: NurseDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(draft);
  };

  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <Stack gap="md" maw={760}>
        <TextInput
          label={COPY.name}
          required
          maxLength={120}
          value={draft.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            label={COPY.document}
            maxLength={30}
            value={draft.document}
            onChange={(event) => set('document', event.currentTarget.value)}
          />
          <TextInput
            label={COPY.phone}
            type="tel"
            maxLength={30}
            value={draft.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
          />
          <TextInput
            label={COPY.email}
            type="email"
            maxLength={254}
            value={draft.email}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
        </Group>
        <Checkbox.Group
          label={COPY.skills}
          value={draft.skills}
          onChange={(value) => set('skills', value as NurseSkill[])}
        >
          <Group mt="xs">
            {NURSE_SKILLS.map((skill) => (
              <Checkbox key={skill} value={skill} label={NURSE_SKILL_LABELS[skill]} />
            ))}
          </Group>
        </Checkbox.Group>
        <MultiSelect
          label={COPY.sectors}
          description={COPY.sectorsHint}
          searchable
          data={(sectors.data?.results ?? []).map((sector) => ({
            value: sector.id,
            label: `${sector.name} (${sector.sales_source}, ${sector.country.toUpperCase()})`,
          }))}
          value={draft.sector_ids}
          onChange={(value) => set('sector_ids', value)}
        />
        <Switch
          label={COPY.activeLabel}
          checked={draft.active}
          onChange={(event) => set('active', event.currentTarget.checked)}
        />

        <ShiftRows
          titleId="nurse-shifts-title"
          testId="nurse-shifts"
          copy={WEEKLY_COPY}
          rows={draft.shifts}
          onChange={(rows) => set('shifts', rows)}
          blank={{ weekday: 1, starts_at: '08:00', ends_at: '13:00' }}
          dayOf={(row) => WEEKDAYS[row.weekday - 1] ?? ''}
          dayField={(row, change) => (
            <NativeSelect
              label={COPY.weekday}
              value={String(row.weekday)}
              data={WEEKDAYS.map((day, index) => ({ value: String(index + 1), label: day }))}
              onChange={(event) => change({ ...row, weekday: Number(event.currentTarget.value) })}
            />
          )}
          order={(a, b) => a.weekday - b.weekday || a.starts_at.localeCompare(b.starts_at)}
        />

        <ShiftRows
          titleId="nurse-extra-shifts-title"
          testId="nurse-extra-shifts"
          copy={EXTRA_COPY}
          rows={draft.extra_shifts}
          onChange={(rows) => set('extra_shifts', rows)}
          blank={{ date: '', starts_at: '15:00', ends_at: '19:00' }}
          dayOf={(row) => dateLabel(row.date)}
          dayField={(row, change, problem) => (
            <TextInput
              label={COPY.date}
              type="date"
              value={row.date}
              error={problem}
              onChange={(event) => change({ ...row, date: event.currentTarget.value })}
            />
          )}
          order={(a, b) => a.date.localeCompare(b.date) || a.starts_at.localeCompare(b.starts_at)}
          check={(row) => (row.date === '' ? COPY.extraDateMissing : '')}
        />

        <ApiAlert error={error} />
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
