import { Button, Group, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters under their own heading, which also names the form. The filters live in the URL,
 * so the form is remade whenever it changes and its fields always show the list's current filters.
 */
export function FilterSection({
  id,
  title,
  submitLabel,
  onSubmit,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: string;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields, in a row before the submit button. */
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} size="h3" mb="sm">
        {title}
      </Title>
      <form key={params.toString()} onSubmit={onSubmit} aria-labelledby={id}>
        <Group align="flex-end">
          {children}
          <Button type="submit">{submitLabel}</Button>
        </Group>
      </form>
    </section>
  );
}
