import { Button, Group, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { COPY, COUNTRY_LABELS, SERVICE_LABELS } from './copy.ts';
import { useCoverageLookup, type LookupQuery } from './lookup-address.ts';

const POINT = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * 'Probar una dirección': an address (or 'lat, lng') for a source, answered as the widget would,
 * with the sector and its active nurses. `onPoint` tells the page where it landed, for the map.
 */
export function AddressTest({
  sources,
  initialSource,
  onPoint,
}: {
  sources: readonly string[];
  initialSource: string;
  onPoint: (point: { lat: number; lng: number } | null) => void;
}) {
  const [query, setQuery] = useState<LookupQuery | null>(null);
  const lookup = useCoverageLookup(query);
  const answer = lookup.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = String(form.get('address') ?? '').trim();
    const base = {
      sales_source: String(form.get('sales_source') ?? ''),
      country: String(form.get('country') ?? 'cl') as 'cl' | 'mx',
    };
    const point = POINT.exec(text);
    setQuery(point ? { ...base, lat: Number(point[1]), lng: Number(point[2]) } : { ...base, address: text });
  };

  const shown = query && answer ? answer : null;
  useEffect(() => {
    if (shown) onPoint(shown.point);
  }, [shown, onPoint]);

  return (
    <section aria-labelledby="coverage-test-title">
      <Title order={2} id="coverage-test-title" size="h3" mb="xs">
        {COPY.testTitle}
      </Title>
      <Text size="sm" mb="sm">
        {COPY.testIntro}
      </Text>
      <form onSubmit={submit} aria-label={COPY.testTitle}>
        <Group align="flex-end">
          <NativeSelect
            name="sales_source"
            label={COPY.source}
            defaultValue={initialSource || 'marketplace'}
            data={sources.map((source) => ({ value: source, label: source }))}
          />
          <NativeSelect
            name="country"
            label={COPY.country}
            data={[
              { value: 'cl', label: COUNTRY_LABELS.cl },
              { value: 'mx', label: COUNTRY_LABELS.mx },
            ]}
          />
          <TextInput name="address" label={COPY.address} required maxLength={300} miw={320} />
          <Button type="submit" variant="default" loading={lookup.isFetching}>
            {COPY.test}
          </Button>
        </Group>
      </form>
      <Stack gap="xs" mt="sm" role="status" aria-live="polite" data-testid="coverage-test-result">
        {lookup.error ? <ApiAlert error={lookup.error} /> : null}
        {shown && !shown.point ? <Text>{COPY.notFound}</Text> : null}
        {shown?.address ? <Text>{COPY.placedAt(shown.address)}</Text> : null}
        {shown?.point && !shown.sector ? <Text fw={600}>{COPY.noCoverage}</Text> : null}
        {shown?.sector ? (
          <>
            <Text fw={600}>{COPY.coveredBy(shown.sector.name, shown.sector.sales_source)}</Text>
            <Text>{COPY.activeNurses}</Text>
            {shown.nurses.length === 0 ? <Text>{COPY.noNurses}</Text> : null}
            <List>
              {shown.nurses.map((nurse) => (
                <List.Item key={nurse.id}>
                  {nurse.name} ({nurse.skills.map((skill) => SERVICE_LABELS[skill]).join(', ')})
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Stack>
    </section>
  );
}
