import { readFileSync } from 'node:fs';
import {
  HOST_MESSAGE_SOURCE,
  HOST_MESSAGE_VERSION,
  widgetEventPayloadSchemas,
} from '@visita/domain/host-messages';
import { describe, expect, it } from 'vitest';
import { SOURCE, VERSION } from './embed.ts';

describe('the embed speaks the widget protocol', () => {
  it('copies the envelope source and version of packages/domain', () => {
    expect(SOURCE).toBe(HOST_MESSAGE_SOURCE);
    expect(VERSION).toBe(HOST_MESSAGE_VERSION);
  });

  it('turns every host-facing widget event into a visita:* event', () => {
    const source = readFileSync(new URL('./embed.ts', import.meta.url), 'utf8');
    const hostEvents = Object.keys(widgetEventPayloadSchemas).filter(
      (type) => type !== 'resize' && type !== 'fullscreen',
    );
    for (const type of hostEvents) expect(source).toContain(`'visita:${type}'`);
  });
});
