import {
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type ConsoleSectorBody,
  polygonFromGeoJson,
  SECTOR_SERVICES,
} from '@visita/domain/contract/console-coverage';
import type { NurseSkill } from '@visita/domain/contract/console-nurses';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { COPY, COUNTRY_LABELS, SERVICE_LABELS } from './copy.ts';
import { useCoverageOptions } from './coverage-options.ts';

type Ring = [number, number][];

export interface SectorDraft {
  name: string;
  sales_source: string;
  country: 'cl' | 'mx';
  time_zone: string;
  services: NurseSkill[];
  /** The GeoJSON as typed, pasted or loaded. */
  geojson: string;
  active: boolean;
}

export const EMPTY_DRAFT: SectorDraft = {
  name: '',
  sales_source: '',
  country: 'cl',
  time_zone: 'America/Santiago',
  services: ['lab'],
  geojson: '',
  active: true,
};

/** A stored polygon as the GeoJSON the form shows. */
export const geojsonOf = (polygon: Ring[]) => JSON.stringify({ type: 'Polygon', coordinates: polygon });

const ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone').filter((zone) => zone.startsWith('America/'));
  } catch {
    return ['America/Santiago', 'America/Punta_Arenas', 'America/Mexico_City'];
  }
})();

/** The draft's GeoJSON read: its rings, or why not (nothing typed: neither). */
function readDraftPolygon(text: string): { polygon: Ring[] | null; error: string | null } {
  if (!text.trim()) return { polygon: null, error: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { polygon: null, error: COPY.badJson };
  }
  const parsed = polygonFromGeoJson(value);
  return { polygon: parsed.polygon, error: parsed.error };
}

/**
 * A sector's fields: name, sales source, country, time zone, services, active, and its polygon
 * as GeoJSON (typed, pasted, loaded from a file, or drawn on the map), read at once to show it on
 * the map. The GeoJSON text is the one source of truth: the map draws what it reads, and a polygon
 * drawn or edited on the map is written back into it as text. The API checks every value again
 * and answers in Spanish.
 */
export function SectorForm({
  initial,
  submitLabel,
  pending,
  error,
  renderMap,
  onSubmit,
}: {
  initial: SectorDraft;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** The map under the form: it draws `polygon` (the text's, when it reads) and hands drawings to `draw`. */
  renderMap: (polygon: Ring[] | null, draw: (polygon: Ring[]) => void) => ReactNode;
  onSubmit: (body: ConsoleSectorBody) => void;
}) {
  const [draft, setDraft] = useState<SectorDraft>(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const options = useCoverageOptions();
  const read = useMemo(() => readDraftPolygon(draft.geojson), [draft.geojson]);
  const set = <K extends keyof SectorDraft>(key: K, value: SectorDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setGeojson = (text: string) => set('geojson', text);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let polygon: unknown;
    try {
      polygon = JSON.parse(draft.geojson);
    } catch {
      setFormError(COPY.badJson);
      return;
    }
    setFormError(null);
    const { geojson: _text, ...fields } = draft;
    onSubmit({ ...fields, polygon });
  };

  const sources = options.data?.sales_sources ?? [];
  const points = read.polygon?.reduce((sum, ring) => sum + ring.length, 0) ?? 0;

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
          <NativeSelect
            label={COPY.source}
            required
            value={draft.sales_source}
            data={[
              { value: '', label: 'Elige una fuente' },
              ...[...new Set([...sources, ...(draft.sales_source ? [draft.sales_source] : [])])].map(
                (source) => ({ value: source, label: source }),
              ),
            ]}
            onChange={(event) => set('sales_source', event.currentTarget.value)}
          />
          <NativeSelect
            label={COPY.country}
            value={draft.country}
            data={[
              { value: 'cl', label: COUNTRY_LABELS.cl },
              { value: 'mx', label: COUNTRY_LABELS.mx },
            ]}
            onChange={(event) => set('country', event.currentTarget.value as 'cl' | 'mx')}
          />
        </Group>
        <TextInput
          label={COPY.timeZone}
          description={COPY.timeZoneHint}
          required
          maxLength={64}
          list="sector-time-zones"
          autoComplete="off"
          value={draft.time_zone}
          onChange={(event) => set('time_zone', event.currentTarget.value)}
        />
        <datalist id="sector-time-zones">
          {ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Checkbox.Group
          label={COPY.services}
          value={draft.services}
          onChange={(value) => set('services', value as NurseSkill[])}
        >
          <Group mt="xs">
            {SECTOR_SERVICES.map((service) => (
              <Checkbox key={service} value={service} label={SERVICE_LABELS[service]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label={COPY.activeLabel}
          checked={draft.active}
          onChange={(event) => set('active', event.currentTarget.checked)}
        />
        <Textarea
          label={COPY.polygon}
          description={COPY.polygonHint}
          required
          autosize
          minRows={4}
          maxRows={12}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={draft.geojson}
          error={read.error}
          onChange={(event) => setGeojson(event.currentTarget.value)}
        />
        <FileInput
          label={COPY.polygonFile}
          accept=".geojson,.json,application/geo+json,application/json"
          clearable
          onChange={(file) => {
            if (file) void file.text().then(setGeojson);
          }}
        />
        {read.polygon ? (
          <Text size="sm" role="status">
            {COPY.polygonPoints(points)}
          </Text>
        ) : null}
        <FormAlert message={formError} />
        <ApiAlert error={error} />
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      {renderMap(read.polygon, (polygon) => setGeojson(geojsonOf(polygon)))}
    </form>
  );
}
