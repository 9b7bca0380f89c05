import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
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
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY, WEEKDAYS } from './copy.ts';
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
  const [shift, setShift] = useState<NurseShift>({ weekday: 1, starts_at: '08:00', ends_at: '13:00' });
  const [extra, setExtra] = useState<NurseExtraShift>({ date: '', starts_at: '15:00', ends_at: '19:00' });
  const sectors = useSectors();
  const set = <K extends keyof NurseDraft>(key: K, value: NurseDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(draft);
  };
  const addShift = () =>
    set(
      'shifts',
      [...draft.shifts, shift].sort(
        (a, b) => a.weekday - b.weekday || a.starts_at.localeCompare(b.starts_at),
      ),
    );

  const [extraError, setExtraError] = useState('');
  const addExtraShift = () => {
    if (extra.date === '') return setExtraError(COPY.extraDateMissing);
    setExtraError('');
    set(
      'extra_shifts',
      [...draft.extra_shifts, extra].sort(
        (a, b) => a.date.localeCompare(b.date) || a.starts_at.localeCompare(b.starts_at),
      ),
    );
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

        <section aria-labelledby="nurse-shifts-title">
          <Title order={2} id="nurse-shifts-title" size="h4" mb="xs">
            {COPY.shiftsTitle}
          </Title>
          {draft.shifts.length === 0 ? <Text size="sm">{COPY.noShifts}</Text> : null}
          {draft.shifts.length > 0 ? (
            <ScrollRegion label={COPY.shiftsTitle} minWidth={420}>
              <Table captionSide="top" data-testid="nurse-shifts">
                <Table.Caption style={CAPTION}>{COPY.shiftsCaption}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{COPY.weekday}</Table.Th>
                    <Table.Th scope="col">{COPY.startsAt}</Table.Th>
                    <Table.Th scope="col">{COPY.endsAt}</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.shifts.map((row, index) => {
                    const day = WEEKDAYS[row.weekday - 1] ?? '';
                    return (
                      <Table.Tr key={`${row.weekday}-${row.starts_at}-${index}`}>
                        <Table.Td>{day}</Table.Td>
                        <Table.Td>{row.starts_at}</Table.Td>
                        <Table.Td>{row.ends_at}</Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            aria-label={COPY.removeShift(day, row.starts_at, row.ends_at)}
                            onClick={() =>
                              set(
                                'shifts',
                                draft.shifts.filter((_, at) => at !== index),
                              )
                            }
                          >
                            Quitar
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          ) : null}
          <Group align="flex-end" mt="sm">
            <NativeSelect
              label={COPY.weekday}
              value={String(shift.weekday)}
              data={WEEKDAYS.map((day, index) => ({ value: String(index + 1), label: day }))}
              onChange={(event) => setShift({ ...shift, weekday: Number(event.currentTarget.value) })}
            />
            <TextInput
              label={COPY.startsAt}
              type="time"
              value={shift.starts_at}
              onChange={(event) => setShift({ ...shift, starts_at: event.currentTarget.value })}
            />
            <TextInput
              label={COPY.endsAt}
              type="time"
              value={shift.ends_at}
              onChange={(event) => setShift({ ...shift, ends_at: event.currentTarget.value })}
            />
            <Button variant="default" onClick={addShift}>
              {COPY.addShift}
            </Button>
          </Group>
        </section>

        <section aria-labelledby="nurse-extra-shifts-title">
          <Title order={2} id="nurse-extra-shifts-title" size="h4" mb="xs">
            {COPY.extraShiftsTitle}
          </Title>
          <Text size="sm" mb="xs">
            {COPY.extraShiftsHint}
          </Text>
          {draft.extra_shifts.length === 0 ? <Text size="sm">{COPY.noExtraShifts}</Text> : null}
          {draft.extra_shifts.length > 0 ? (
            <ScrollRegion label={COPY.extraShiftsTitle} minWidth={420}>
              <Table captionSide="top" data-testid="nurse-extra-shifts">
                <Table.Caption style={CAPTION}>{COPY.extraShiftsCaption}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{COPY.date}</Table.Th>
                    <Table.Th scope="col">{COPY.startsAt}</Table.Th>
                    <Table.Th scope="col">{COPY.endsAt}</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.extra_shifts.map((row, index) => {
                    const day = dateLabel(row.date);
                    return (
                      <Table.Tr key={`${row.date}-${row.starts_at}-${index}`}>
                        <Table.Td>{day}</Table.Td>
                        <Table.Td>{row.starts_at}</Table.Td>
                        <Table.Td>{row.ends_at}</Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            aria-label={COPY.removeExtraShift(day, row.starts_at, row.ends_at)}
                            onClick={() =>
                              set(
                                'extra_shifts',
                                draft.extra_shifts.filter((_, at) => at !== index),
                              )
                            }
                          >
                            Quitar
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          ) : null}
          <Group align="flex-end" mt="sm">
            <TextInput
              label={COPY.date}
              type="date"
              value={extra.date}
              error={extraError || undefined}
              onChange={(event) => setExtra({ ...extra, date: event.currentTarget.value })}
            />
            <TextInput
              label={COPY.extraStartsAt}
              type="time"
              value={extra.starts_at}
              onChange={(event) => setExtra({ ...extra, starts_at: event.currentTarget.value })}
            />
            <TextInput
              label={COPY.extraEndsAt}
              type="time"
              value={extra.ends_at}
              onChange={(event) => setExtra({ ...extra, ends_at: event.currentTarget.value })}
            />
            <Button variant="default" onClick={addExtraShift}>
              {COPY.addExtraShift}
            </Button>
          </Group>
        </section>

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
