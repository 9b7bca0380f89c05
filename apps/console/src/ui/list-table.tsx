import { Table, type TableProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { CAPTION, ScrollRegion } from './scroll-region.tsx';

/**
 * A column's header: its text, or the text with how it shows. Amounts align right under a right-aligned
 * header; an actions column may hide its header from sight while a screen reader still names it.
 */
type Column = string | { label: string; align?: 'right'; hidden?: boolean };

/**
 * A list page's table: captioned (read first, above the table), headed by its columns and inside a
 * region the keyboard can scroll sideways; the rows are the children, so each page keeps its own cells.
 */
export function ListTable({
  label,
  minWidth,
  caption,
  columns,
  children,
  ...table
}: {
  /** The scroll region's accessible name. */
  label: string;
  /** The width under which the table scrolls instead of squeezing its columns. */
  minWidth: number;
  caption: ReactNode;
  columns: readonly Column[];
  /** The body's rows. */
  children: ReactNode;
  'data-testid'?: string;
} & Pick<TableProps, 'striped' | 'highlightOnHover' | 'verticalSpacing'>) {
  return (
    <ScrollRegion label={label} minWidth={minWidth}>
      <Table {...table} captionSide="top">
        <Table.Caption style={CAPTION}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const { label: text, align, hidden } = typeof column === 'string' ? { label: column } : column;
              return (
                <Table.Th key={text} scope="col" style={align ? { textAlign: align } : undefined}>
                  {hidden ? <VisuallyHidden>{text}</VisuallyHidden> : text}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
