import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useCoverageOptions } from './coverage-options.ts';

type Ring = [number, number][];

export interface MapSector {
  id: string;
  name: string;
  polygon: Ring[];
  active: boolean;
}

/** Leaflet writes an attribution as HTML: the setting's text is shown as text. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const toLatLngs = (rings: readonly Ring[]) =>
  rings.map((ring) => ring.map(([lng, lat]) => L.latLng(lat, lng)));

/**
 * Sectors drawn with Leaflet on a plain background (no tile layer unless CONSOLE_MAP_TILE_URL
 * names one: nothing is fetched from outside, offline and in tests alike), with the gazetteer's places as small dots and names on
 * hover. `highlight` (a sector's id) and `draft` (a polygon being imported) are drawn apart, and
 * the view fits them. The map pans with the arrow keys and zooms with + and - once focused.
 */
export function SectorMap({
  label,
  sectors,
  highlight,
  draft,
  places,
  point,
}: {
  label: string;
  sectors: readonly MapSector[];
  highlight?: string | undefined;
  draft?: Ring[] | null | undefined;
  places?: ReadonlyArray<{ name: string; lat: number; lng: number }> | undefined;
  point?: { lat: number; lng: number } | null | undefined;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  const options = useCoverageOptions();
  const tileUrl = options.data?.tile_url ?? null;
  const attribution = options.data?.tile_attribution ?? null;

  useEffect(() => {
    if (!container.current) return undefined;
    const created = L.map(container.current, {
      attributionControl: false,
      zoomControl: false,
      keyboard: true,
      zoomSnap: 0.25,
    });
    L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(created);
    created.setView([-33.45, -70.65], 9);
    layers.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      layers.current = null;
    };
  }, []);

  useEffect(() => {
    const view = map.current;
    if (!view || !tileUrl) return undefined;
    const control = L.control.attribution({ prefix: false }).addTo(view);
    const tiles = L.tileLayer(tileUrl, { attribution: escapeHtml(attribution ?? ''), maxZoom: 19 }).addTo(
      view,
    );
    return () => {
      tiles.remove();
      control.remove();
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const group = layers.current;
    const view = map.current;
    if (!group || !view) return;
    group.clearLayers();
    const focus: L.LatLng[] = [];
    const all: L.LatLng[] = [];
    for (const sector of sectors) {
      const own = sector.id === highlight;
      const latLngs = toLatLngs(sector.polygon);
      L.polygon(latLngs, {
        color: own ? '#1c3d6e' : sector.active ? '#495057' : '#868e96',
        weight: own ? 3 : 1.5,
        fillOpacity: own ? 0.25 : 0.1,
        dashArray: sector.active ? undefined : '4 4',
        className: own ? 'sector-polygon sector-own' : 'sector-polygon',
      })
        .bindTooltip(sector.name)
        .addTo(group);
      all.push(...(latLngs[0] ?? []));
      if (own) focus.push(...(latLngs[0] ?? []));
    }
    if (draft && draft.length > 0) {
      const latLngs = toLatLngs(draft);
      L.polygon(latLngs, {
        color: '#c92a2a',
        weight: 3,
        fillOpacity: 0.15,
        dashArray: '6 4',
        className: 'sector-draft',
      }).addTo(group);
      focus.splice(0, focus.length, ...(latLngs[0] ?? []));
    }
    if (point) {
      L.circleMarker([point.lat, point.lng], {
        radius: 7,
        color: '#c92a2a',
        fillOpacity: 0.9,
        className: 'tested-point',
      })
        .bindTooltip('Dirección probada')
        .addTo(group);
      focus.push(L.latLng(point.lat, point.lng));
    }
    const target = focus.length > 0 ? focus : all;
    const bounds = target.length > 0 ? L.latLngBounds(target).pad(0.2) : null;
    // Only the places around what is drawn: a country's thousands of dots say nothing.
    const around = bounds?.pad(1);
    for (const place of places ?? []) {
      if (around && !around.contains([place.lat, place.lng])) continue;
      if (!around) continue;
      L.circleMarker([place.lat, place.lng], {
        radius: 2,
        color: '#5c5f66',
        weight: 1,
        fillOpacity: 1,
        className: 'gazetteer-place',
      })
        .bindTooltip(place.name)
        .addTo(group);
    }
    if (bounds) view.fitBounds(bounds, { animate: false });
  }, [sectors, highlight, draft, places, point]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      h={420}
      style={{ background: '#eef1f4', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
      data-testid="sector-map"
    />
  );
}
