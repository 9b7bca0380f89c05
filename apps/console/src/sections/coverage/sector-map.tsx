import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { Box, Text } from '@mantine/core';
import L from 'leaflet';
// Geoman extends the global Leaflet (window.L, which leaflet sets when imported above) with map.pm.
import '@geoman-io/leaflet-geoman-free';
import { useEffect, useId, useRef } from 'react';
import { useCoverageOptions } from './coverage-options.ts';

type Ring = [number, number][];

export interface MapSector {
  id: string;
  name: string;
  polygon: Ring[];
  active: boolean;
}

// Geoman's vertex handles are dragged with the mouse only: as Leaflet's keyboard markers they would
// be nameless tab stops that do nothing. The keyboard's path is the GeoJSON field, so they are left out.
L.Marker.addInitHook(function (this: L.Marker) {
  const icon = this.options.icon as L.DivIcon | undefined;
  if (icon?.options.className?.split(' ').includes('marker-icon')) this.options.keyboard = false;
});

/** Leaflet writes an attribution as HTML: the setting's text is shown as text. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const toLatLngs = (rings: readonly Ring[]) =>
  rings.map((ring) => ring.map(([lng, lat]) => L.latLng(lat, lng)));

/** A drawn or edited polygon's rings as GeoJSON has them: [lng, lat], each ring closed. */
const ringsOf = (layer: L.Layer): Ring[] | null => {
  if (!(layer instanceof L.Polygon)) return null;
  const geometry = layer.toGeoJSON().geometry;
  return geometry.type === 'Polygon' ? (geometry.coordinates as Ring[]) : null;
};

/**
 * Sectors drawn with Leaflet on a plain background (no tile layer unless CONSOLE_MAP_TILE_URL
 * names one: nothing is fetched from outside, offline and in tests alike), with the gazetteer's places as small dots and names on
 * hover. `highlight` (a sector's id) and `draft` (a polygon being imported) are drawn apart, and
 * the view fits them. The map pans with the arrow keys and zooms with + and - once focused.
 *
 * With `onDraw`, the map is also a mouse editor (Geoman): a toolbar button draws a new polygon and
 * the draft's vertices can be dragged; each drawing or edit is handed to `onDraw`, whose owner
 * writes it back as `draft` (the form's GeoJSON stays the one source of truth). A draft that comes
 * back equal to what the map just sent is not redrawn, so a drag is not interrupted by a refit.
 */
export function SectorMap({
  label,
  description,
  sectors,
  highlight,
  draft,
  places,
  point,
  onDraw,
}: {
  label: string;
  /** What the map does and how to do the same by keyboard, read after its label. */
  description?: string | undefined;
  sectors: readonly MapSector[];
  highlight?: string | undefined;
  draft?: Ring[] | null | undefined;
  places?: ReadonlyArray<{ name: string; lat: number; lng: number }> | undefined;
  point?: { lat: number; lng: number } | null | undefined;
  onDraw?: ((polygon: Ring[]) => void) | undefined;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  const options = useCoverageOptions();
  const tileUrl = options.data?.tile_url ?? null;
  const attribution = options.data?.tile_attribution ?? null;
  const descriptionId = useId();
  // The latest handler, read by the map's listeners, which are bound once.
  const drawHandler = useRef(onDraw);
  useEffect(() => {
    drawHandler.current = onDraw;
  }, [onDraw]);
  // The polygon the map last handed out (as JSON): the draft coming back equal to it is already drawn.
  const sent = useRef<string | null>(null);
  const editable = onDraw !== undefined;
  const draftKey = draft && draft.length > 0 ? JSON.stringify(draft) : null;

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
    if (!view || !editable) return undefined;
    // Spanish, the button in sentence case as the rest of the console (merged into Geoman's 'es').
    view.pm.setLang('es', { buttonTitles: { drawPolyButton: 'Dibujar polígono' } }, 'es');
    view.pm.addControls({
      position: 'topleft',
      drawPolygon: true,
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: false,
      drawCircle: false,
      drawText: false,
      editMode: false,
      dragMode: false,
      cutPolygon: false,
      removalMode: false,
      rotateMode: false,
    });
    // Geoman titles the button's wrapper, not the button: give the button its name for assistive technology.
    for (const button of view.getContainer().querySelectorAll('.leaflet-buttons-control-button')) {
      const title = button.parentElement?.getAttribute('title');
      if (title) button.setAttribute('aria-label', title);
    }
    // A finished drawing becomes the draft: the drawn layer goes, the draft (editable) replaces it.
    const created = (event: { layer: L.Layer }) => {
      event.layer.remove();
      const rings = ringsOf(event.layer);
      if (rings) drawHandler.current?.(rings);
    };
    view.on('pm:create', created);
    return () => {
      view.off('pm:create', created);
      view.pm.disableDraw();
      view.pm.removeControls();
    };
  }, [editable]);

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
    // The map's own edit coming back: it is on the map already, and refitting would jump the view.
    if (draftKey !== null && draftKey === sent.current) return;
    sent.current = null;
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
        pmIgnore: true,
      })
        .bindTooltip(sector.name)
        .addTo(group);
      all.push(...(latLngs[0] ?? []));
      if (own) focus.push(...(latLngs[0] ?? []));
    }
    if (draftKey !== null) {
      const latLngs = toLatLngs(JSON.parse(draftKey) as Ring[]);
      const drawn = L.polygon(latLngs, {
        color: '#c92a2a',
        weight: 3,
        fillOpacity: 0.15,
        dashArray: '6 4',
        className: 'sector-draft',
        pmIgnore: !editable,
      }).addTo(group);
      if (editable) {
        // Its vertices drag at once (no edit mode to switch on); each change goes to the form.
        drawn.pm.enable({ allowSelfIntersection: true, draggable: false });
        drawn.on('pm:edit', () => {
          const rings = ringsOf(drawn);
          if (!rings) return;
          sent.current = JSON.stringify(rings);
          drawHandler.current?.(rings);
        });
      }
      focus.splice(0, focus.length, ...(latLngs[0] ?? []));
    }
    if (point) {
      L.circleMarker([point.lat, point.lng], {
        radius: 7,
        color: '#c92a2a',
        fillOpacity: 0.9,
        className: 'tested-point',
        pmIgnore: true,
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
        pmIgnore: true,
      })
        .bindTooltip(place.name)
        .addTo(group);
    }
    if (bounds) view.fitBounds(bounds, { animate: false });
  }, [sectors, highlight, draftKey, places, point, editable]);

  return (
    <>
      {description ? (
        <Text size="sm" mb="xs" id={descriptionId}>
          {description}
        </Text>
      ) : null}
      <Box
        ref={container}
        role="region"
        aria-label={label}
        aria-describedby={description ? descriptionId : undefined}
        h={420}
        style={{ background: '#eef1f4', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
        data-testid="sector-map"
      />
    </>
  );
}
