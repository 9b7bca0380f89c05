import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { NESTED } from './copy.ts';

/**
 * Focus kept where the keyboard is after a row or an object comes or goes (its button disappears
 * with it): a selector inside the box, focused once the change is drawn.
 */
export function useFocusAfterChange() {
  const box = useRef<HTMLDivElement>(null);
  const pending = useRef<string | null>(null);
  // After every render: the change that asked for focus has been drawn by then.
  useEffect(() => {
    if (!pending.current) return;
    box.current?.querySelector<HTMLElement>(pending.current)?.focus();
    pending.current = null;
  });
  return {
    box,
    focus: (selector: string) => {
      pending.current = selector;
    },
  };
}
export const FIRST_INPUT = 'input, select, textarea';
const rowInput = (index: number) => `[data-row="${index}"] :is(${FIRST_INPUT})`;

/**
 * One row of a list and the button that removes it: beside a one-line row, under a larger one (in
 * its own box). The button reads "Quitar" and is named by its row for a screen reader.
 */
function Row({
  index,
  block,
  removeLabel,
  onRemove,
  children,
}: {
  index: number;
  block: boolean;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  const button = (
    <Button variant="default" aria-label={removeLabel} onClick={onRemove} style={{ flexShrink: 0 }}>
      {NESTED.removeShort}
    </Button>
  );
  return block ? (
    <Paper withBorder p="sm" data-row={index}>
      <Stack gap="xs">
        {children}
        <Group justify="flex-end">{button}</Group>
      </Stack>
    </Paper>
  ) : (
    <Group align="flex-end" gap="xs" wrap="nowrap" data-row={index}>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        {children}
      </Stack>
      {button}
    </Group>
  );
}

/**
 * Items edited as rows, each with its inputs and a button that removes it, and a button that adds
 * one; whatever holds them (a list, an object's keys) says what adding and removing do. Focus
 * follows: to the new row's first input, or to the add button once a row goes.
 */
export function RowList<T>({
  items,
  row,
  block = false,
  problem,
  onAdd,
  full,
  onRemove,
  children,
}: {
  items: readonly T[];
  /** The row's name in the buttons ('receptor': 'Agregar receptor', 'Quitar receptor 2'). */
  row: string;
  /** Rows of several inputs, each in its own box with its button under it. */
  block?: boolean;
  /** A problem of the whole list, said above its rows. */
  problem?: ReactNode;
  /** Adds a row; undefined when no more can be added. */
  onAdd: (() => void) | undefined;
  /** Said in the add button's place when no more can be added (nothing when left out). */
  full?: string;
  onRemove: (index: number) => void;
  children: (item: T, index: number) => ReactNode;
}) {
  const { box, focus } = useFocusAfterChange();
  const add = onAdd ? (
    <Button
      variant="light"
      data-add
      onClick={() => {
        onAdd();
        focus(rowInput(items.length));
      }}
    >
      {NESTED.add(row)}
    </Button>
  ) : full === undefined ? null : (
    <Text size="sm">{full}</Text>
  );
  return (
    <Stack gap="xs" ref={box}>
      {problem}
      {items.map((item, index) => (
        <Row
          key={index}
          index={index}
          block={block}
          removeLabel={NESTED.remove(row, index)}
          onRemove={() => {
            onRemove(index);
            focus('[data-add]');
          }}
        >
          {children(item, index)}
        </Row>
      ))}
      {add ? <Group>{add}</Group> : null}
    </Stack>
  );
}
