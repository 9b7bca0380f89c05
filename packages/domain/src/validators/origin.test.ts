import { describe, expect, it } from 'vitest';
import { canContinueOrigin, OTHER_ORIGIN, originOptions, resolveOrigin } from './origin.ts';

describe('appointment origin', () => {
  const receivers = [
    { id: 2, name: 'Urgencia' },
    { id: 1, name: 'ámbito' },
    { id: 3, name: 'Consulta' },
  ];

  it('sorts receivers alphabetically and adds Otro unless excluded', () => {
    expect(originOptions(receivers, { includeOther: true }).map((o) => o.name)).toEqual([
      'ámbito',
      'Consulta',
      'Urgencia',
      'Otro',
    ]);
    expect(originOptions(receivers, { includeOther: false }).map((o) => o.name)).toEqual([
      'ámbito',
      'Consulta',
      'Urgencia',
    ]);
  });

  it.each([
    [{ choice: null }, null],
    [{ choice: '' }, null],
    [{ choice: 'Consulta' }, 'Consulta'],
    [{ choice: OTHER_ORIGIN }, null],
    [{ choice: OTHER_ORIGIN, otherValue: '   ' }, null],
    [{ choice: OTHER_ORIGIN, otherValue: ' Feria ' }, 'Feria'],
  ])('%o -> %s', (choice, origin) => {
    expect(resolveOrigin(choice)).toBe(origin);
    expect(canContinueOrigin(choice)).toBe(origin !== null);
  });
});
