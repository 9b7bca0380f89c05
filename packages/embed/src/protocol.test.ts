import {
  HOST_MESSAGE_SOURCE,
  HOST_MESSAGE_VERSION,
  type WidgetEventPayloads,
  type WidgetEventType,
} from '@visita/domain/host-messages';
import { describe, expect, it } from 'vitest';
import { SOURCE, VERSION, type VisitaEvent, type VisitaEventMap } from './embed.ts';

/** The widget's events a host hears (resize and fullscreen only move the frame). */
type HostFacing = Exclude<WidgetEventType, 'resize' | 'fullscreen'>;
/** Widget events with no visita:* event: must be none, or `npm run typecheck` fails here. */
type Unmapped = Exclude<`visita:${HostFacing}`, VisitaEvent>;
/** visita:* events whose detail is not what the widget sends: must be none. */
type Mistyped = {
  [K in HostFacing]: WidgetEventPayloads[K] extends VisitaEventMap[`visita:${K}`] ? never : K;
}[HostFacing];

describe('the embed speaks the widget protocol', () => {
  it('copies the envelope source and version of packages/domain', () => {
    expect(SOURCE).toBe(HOST_MESSAGE_SOURCE);
    expect(VERSION).toBe(HOST_MESSAGE_VERSION);
  });

  it('has a typed visita:* event for every host-facing widget event, with the payload the widget sends', () => {
    const everyEventMapped: [Unmapped] extends [never] ? true : false = true;
    const payloadsMatch: [Mistyped] extends [never] ? true : false = true;
    expect([everyEventMapped, payloadsMatch]).toEqual([true, true]);
  });
});
