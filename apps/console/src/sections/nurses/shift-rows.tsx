import { Button, Group, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { CAPTION, ScrollRegion } from '../../ui/scroll-region.tsx';

/** What every shift has, whatever says when it is (a weekday, a date). */
interface Shift {
  starts_at: string;
  ends_at: string;
}

/** A shift table's words: its title and caption, its columns and inputs, its buttons. */
export interface ShiftRowsCopy {
  title: string;
  /** Said under the title, before the table. */
  hint?: string;
  empty: string;
  caption: string;
  /** The columns' headers: the day or the date, from, to. */
  day: string;
  startsAt: string;
  endsAt: string;
  /** The new shift's hour inputs (an extra shift's say whose hours they are). */
  startsAtInput: string;
  endsAtInput: string;
  add: string;
  remove: (day: string, from: string, to: string) => string;
}

/**
 * A nurse's shifts of one kind (weekly, or on a date) as a section: a table of them, each with a
 * button that removes it, and the inputs of a new one under it. The weekly and the extra shifts
 * differ only in their words, their first column and how a new one is checked and sorted.
 */
export function ShiftRows<Row extends Shift>({
  titleId,
  testId,
  copy,
  rows,
  onChange,
  blank,
  dayOf,
  dayField,
  order,
  check,
}: {
  /** The heading's id, which names the section. */
  titleId: string;
  testId: string;
  copy: ShiftRowsCopy;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  /** The new shift's inputs as the form opens. */
  blank: Row;
  /** The first column's text for a shift (also what its remove button is named by). */
  dayOf: (row: Row) => string;
  /** The input of the new shift's day or date, with the problem `check` found in it. */
  dayField: (row: Row, change: (row: Row) => void, error: string | undefined) => ReactNode;
  order: (a: Row, b: Row) => number;
  /** Why the new shift cannot be added yet ('' when it can); said on its day input. */
  check?: (row: Row) => string;
}) {
  const [next, setNext] = useState<Row>(blank);
  const [error, setError] = useState('');
  const add = () => {
    if (check) {
      const problem = check(next);
      setError(problem);
      if (problem) return;
    }
    onChange([...rows, next].sort(order));
  };

  return (
    <section aria-labelledby={titleId}>
      <Title order={2} id={titleId} size="h4" mb="xs">
        {copy.title}
      </Title>
      {copy.hint ? (
        <Text size="sm" mb="xs">
          {copy.hint}
        </Text>
      ) : null}
      {rows.length === 0 ? <Text size="sm">{copy.empty}</Text> : null}
      {rows.length > 0 ? (
        <ScrollRegion label={copy.title} minWidth={420}>
          <Table captionSide="top" data-testid={testId}>
            <Table.Caption style={CAPTION}>{copy.caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{copy.day}</Table.Th>
                <Table.Th scope="col">{copy.startsAt}</Table.Th>
                <Table.Th scope="col">{copy.endsAt}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const day = dayOf(row);
                return (
                  <Table.Tr key={`${day}-${row.starts_at}-${index}`}>
                    <Table.Td>{day}</Table.Td>
                    <Table.Td>{row.starts_at}</Table.Td>
                    <Table.Td>{row.ends_at}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={copy.remove(day, row.starts_at, row.ends_at)}
                        onClick={() => onChange(rows.filter((_, at) => at !== index))}
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
        {dayField(next, setNext, error || undefined)}
        <TextInput
          label={copy.startsAtInput}
          type="time"
          value={next.starts_at}
          onChange={(event) => setNext({ ...next, starts_at: event.currentTarget.value })}
        />
        <TextInput
          label={copy.endsAtInput}
          type="time"
          value={next.ends_at}
          onChange={(event) => setNext({ ...next, ends_at: event.currentTarget.value })}
        />
        <Button variant="default" onClick={add}>
          {copy.add}
        </Button>
      </Group>
    </section>
  );
}
