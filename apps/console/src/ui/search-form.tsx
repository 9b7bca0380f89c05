import { Button, Group, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search by one text: the words live in the URL's `q` (so a search can be shared, and back
 * returns to it) and the form is remade when they change, so its field always shows the current search.
 */
export function SearchForm({
  label,
  submitLabel,
  maxLength,
}: {
  /** Names both the search landmark and its field. */
  label: string;
  submitLabel: string;
  maxLength: number;
}) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  };

  return (
    <form key={q} onSubmit={submit} role="search" aria-label={label}>
      <Group align="flex-end">
        <TextInput name="q" label={label} defaultValue={q} maxLength={maxLength} autoComplete="off" />
        <Button type="submit" variant="default">
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
