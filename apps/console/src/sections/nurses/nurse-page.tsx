import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ConsoleNurseBody } from '@visita/domain/contract/console-nurses';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { SickDaysDialog } from '../../absence/absence-dialog.tsx';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';
import { COPY } from './copy.ts';
import { useDeleteDayOff } from './delete-day-off.ts';
import { useNurse } from './get-nurse.ts';
import { bodyOf, type NurseDraft, NurseForm } from './nurse-form.tsx';
import { useNurseImpact } from './nurse-impact.ts';
import { useUpdateNurse } from './update-nurse.ts';

/** Today in the browser's calendar: where an absence starts unless changed. */
const today = () => new Date().toLocaleDateString('en-CA');

type ImpactVisit = {
  visit_id: string;
  appointment_id: string;
  code: string;
  patient: string;
  commune: string | null;
  begin_date: string;
};

/**
 * A nurse's page: her form, her days off, and the guard against orphaned visits. A save first
 * asks which booked visits the change would leave without their block; when there are some, they
 * are listed to reassign (from each appointment) or keep with her, and nothing is saved until then.
 */
export function NursePage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const nurse = useNurse(id);
  const impact = useNurseImpact();
  const update = useUpdateNurse();
  const giveBack = useDeleteDayOff();
  const [pendingBody, setPendingBody] = useState<ConsoleNurseBody | null>(null);
  const [affected, setAffected] = useState<ImpactVisit[]>([]);
  const [keep, setKeep] = useState<string[]>([]);
  const [done, setDone] = useState(
    (location.state as { created?: boolean } | null)?.created ? COPY.created : '',
  );
  const impactTitle = useRef<HTMLHeadingElement>(null);
  const absenceOpener = useRef<HTMLButtonElement>(null);
  const [absence, setAbsence] = useState(false);

  useEffect(() => {
    if (affected.length > 0) impactTitle.current?.focus();
  }, [affected]);

  if (nurse.isPending) return <Loader aria-label={COPY.loading} />;
  if (nurse.error || !nurse.data) return <ApiAlert error={nurse.error} />;
  const detail = nurse.data;
  const initial: NurseDraft = {
    name: detail.name,
    document: detail.document ?? '',
    phone: detail.phone ?? '',
    email: detail.email ?? '',
    skills: detail.skills,
    sector_ids: detail.sectors.map((sector) => sector.id),
    shifts: detail.shifts,
    extra_shifts: detail.extra_shifts,
    active: detail.active,
  };

  const save = (body: ConsoleNurseBody) =>
    update.mutate(
      { params: { id }, body },
      {
        onSuccess: () => {
          setAffected([]);
          setPendingBody(null);
          setKeep([]);
          setDone(COPY.saved);
        },
      },
    );

  const submit = (draft: NurseDraft) => {
    setDone('');
    const body = bodyOf(draft);
    impact.mutate(
      { params: { id }, body },
      {
        onSuccess: (answer) => {
          if (answer.visits.length === 0) return save(body);
          setPendingBody(body);
          setKeep([]);
          setAffected(answer.visits);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/enfermeras">
        {COPY.back}
      </Anchor>
      <PageTitle>{detail.name}</PageTitle>
      <Text>{COPY.upcoming(detail.upcoming_visits)}</Text>
      <Text role="status">{done}</Text>
      <NurseForm
        key={JSON.stringify(initial)}
        initial={initial}
        submitLabel={COPY.save}
        pending={impact.isPending || update.isPending}
        error={affected.length === 0 ? (impact.error ?? update.error) : null}
        onSubmit={submit}
      />

      {affected.length > 0 && pendingBody ? (
        <section aria-labelledby="nurse-impact-title">
          <Title order={2} size="h3" id="nurse-impact-title" ref={impactTitle} tabIndex={-1} mb="xs">
            {COPY.impactTitle}
          </Title>
          <Alert color="yellow" role="note" mb="sm">
            {COPY.impactIntro}
          </Alert>
          <ScrollRegion label={COPY.impactTitle} minWidth={640}>
            <Table captionSide="top" data-testid="nurse-impact">
              <Table.Caption style={CAPTION}>{COPY.impactCaption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COPY.patient}</Table.Th>
                  <Table.Th scope="col">{COPY.when}</Table.Th>
                  <Table.Th scope="col">{COPY.commune}</Table.Th>
                  <Table.Th scope="col">{COPY.openAppointment}</Table.Th>
                  <Table.Th scope="col">{COPY.keepColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {affected.map((visit) => (
                  <Table.Tr key={visit.visit_id}>
                    <Table.Th scope="row">{visit.patient}</Table.Th>
                    <Table.Td>{visit.begin_date.slice(0, 16)}</Table.Td>
                    <Table.Td>{visit.commune ?? '—'}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/citas/${visit.appointment_id}`}>
                        #{visit.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={COPY.keep(visit.patient, visit.begin_date.slice(0, 16))}
                        checked={keep.includes(visit.visit_id)}
                        onChange={(event) => {
                          const { checked } = event.currentTarget;
                          setKeep((current) =>
                            checked
                              ? [...current, visit.visit_id]
                              : current.filter((entry) => entry !== visit.visit_id),
                          );
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <ApiAlert error={update.error} />
          <Group mt="sm">
            <Button loading={update.isPending} onClick={() => save({ ...pendingBody, keep_visit_ids: keep })}>
              {COPY.saveKeeping}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setAffected([]);
                setPendingBody(null);
              }}
            >
              {COPY.cancel}
            </Button>
          </Group>
        </section>
      ) : null}

      <section aria-labelledby="nurse-days-off-title">
        <Title order={2} size="h3" id="nurse-days-off-title" mb="xs">
          {COPY.daysOffTitle}
        </Title>
        <Text size="sm" mb="xs">
          {COPY.daysOffHint}
        </Text>
        <Button variant="default" mb="sm" ref={absenceOpener} onClick={() => setAbsence(true)}>
          {COPY.markAbsence}
        </Button>
        {detail.days_off.length === 0 ? <Text>{COPY.noDaysOff}</Text> : null}
        <List>
          {detail.days_off.map((day) => (
            <List.Item key={day}>
              <Group gap="sm">
                <span>{day}</span>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={COPY.giveBack(day)}
                  onClick={() => giveBack.mutate({ params: { id, day } })}
                >
                  Devolver
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
        <ApiAlert error={giveBack.error} />
      </section>
      {absence ? (
        <SickDaysDialog
          nurse={{ id, name: detail.name }}
          date={today()}
          opened
          onClose={() => {
            setAbsence(false);
            absenceOpener.current?.focus();
          }}
        />
      ) : null}
    </Stack>
  );
}
