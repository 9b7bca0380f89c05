import {
  Button,
  Checkbox,
  ColorSwatch,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { COPY, FIELD_GROUPS, type FieldSpec } from './copy.ts';
import { type Draft, getIn, problemsOf, setIn } from './draft.ts';

const FIELD_PATHS = FIELD_GROUPS.flatMap((group) => group.fields.map((field) => field.path));
const HEX = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

/** An id for a field's input, from its path. */
const inputId = (path: string) => `partner-${path.replaceAll('.', '-')}`;

/** A field kept as text while it is typed (lines, JSON): the draft takes each value that reads. */
function RawField({
  spec,
  value,
  error,
  onValue,
  onInvalid,
}: {
  spec: FieldSpec;
  value: unknown;
  error: string | null;
  onValue: (value: unknown) => void;
  onInvalid: (invalid: boolean) => void;
}) {
  const json = spec.edit.kind === 'json';
  const [text, setText] = useState(() =>
    json
      ? value === undefined
        ? ''
        : JSON.stringify(value, null, 2)
      : Array.isArray(value)
        ? value.join('\n')
        : '',
  );
  const [invalid, setInvalid] = useState(false);
  const change = (next: string) => {
    setText(next);
    if (json) {
      try {
        onValue(next.trim() === '' ? null : JSON.parse(next));
        setInvalid(false);
        onInvalid(false);
      } catch {
        setInvalid(true);
        onInvalid(true);
      }
      return;
    }
    const lines = next
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    onValue(
      lines.length === 0 && spec.edit.kind === 'lines' && spec.edit.empty === 'omit' ? undefined : lines,
    );
  };
  return (
    <Textarea
      id={inputId(spec.path)}
      label={spec.label}
      description={spec.help}
      error={invalid ? COPY.jsonInvalid : error}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      autosize
      minRows={json ? 3 : 2}
      maxRows={14}
      styles={json ? { input: { fontFamily: 'monospace' } } : undefined}
    />
  );
}

/** One field of the document, edited as its kind says, with its help and its problem. */
function Field({
  spec,
  draft,
  problems,
  onChange,
  onInvalid,
}: {
  spec: FieldSpec;
  draft: Draft;
  problems: Record<string, string>;
  onChange: (draft: Draft) => void;
  onInvalid: (path: string, invalid: boolean) => void;
}) {
  const value = getIn(draft, spec.path);
  const error = problemsOf(problems, spec.path);
  const set = (next: unknown) => onChange(setIn(draft, spec.path, next));
  const common = { id: inputId(spec.path), label: spec.label, description: spec.help, error };
  const edit = spec.edit;
  switch (edit.kind) {
    case 'bool':
      return (
        <Checkbox
          id={common.id}
          label={spec.label}
          description={spec.help}
          error={error}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked)}
        />
      );
    case 'text': {
      const onText = (text: string) =>
        set(text === '' ? (edit.empty === 'null' ? null : edit.empty === 'omit' ? undefined : '') : text);
      return edit.multiline ? (
        <Textarea
          {...common}
          autosize
          minRows={1}
          maxRows={8}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      );
    }
    case 'color': {
      const text = typeof value === 'string' ? value : '';
      return (
        <TextInput
          {...common}
          placeholder="#0F766E"
          value={text}
          maxLength={30}
          leftSection={HEX.test(text) ? <ColorSwatch color={text} size={18} aria-hidden /> : null}
          onChange={(event) => set(event.currentTarget.value === '' ? null : event.currentTarget.value)}
        />
      );
    }
    case 'number':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) =>
            set(
              next === ''
                ? edit.empty === 'null'
                  ? null
                  : undefined
                : typeof next === 'number'
                  ? next
                  : Number(next),
            )
          }
        />
      );
    case 'select':
      return (
        <NativeSelect
          {...common}
          data={edit.options}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => {
            const next = event.currentTarget.value;
            set(next === '' ? (edit.empty === 'null' ? null : undefined) : next);
          }}
        />
      );
    case 'lines':
    case 'json':
      return (
        <RawField
          spec={spec}
          value={value}
          error={error}
          onValue={set}
          onInvalid={(invalid) => onInvalid(spec.path, invalid)}
        />
      );
  }
}

/**
 * The partner's document as a form: every field, by group, with what it does in a sentence. The
 * draft is the page's (the preview follows it); `problems` are the draft's own and the API's 400
 * fields, under the same names.
 */
export function PartnerForm({
  draft,
  problems,
  pending,
  error,
  onChange,
  onSubmit,
}: {
  draft: Draft;
  problems: Record<string, string>;
  pending: boolean;
  error: unknown;
  onChange: (draft: Draft) => void;
  onSubmit: () => void;
}) {
  const [unreadable, setUnreadable] = useState<Record<string, boolean>>({});
  const blocked = Object.values(unreadable).some(Boolean);
  const count = Object.keys(problems).length;
  // What no field shows (a key the document does not have): listed in the summary.
  const elsewhere = Object.entries(problems).filter(
    ([key]) => !FIELD_PATHS.some((path) => key === path || key.startsWith(`${path}.`)),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!blocked && count === 0) onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label={COPY.formTitle} noValidate>
      <Stack gap="md">
        {count > 0 || blocked ? (
          <FormAlert
            message={[COPY.problems, ...elsewhere.map(([key, message]) => `${key}: ${message}`)].join(' ')}
          />
        ) : null}
        {error ? <ApiAlert error={error} /> : null}
        {FIELD_GROUPS.map((group) => (
          <Fieldset key={group.title} legend={group.title}>
            <Stack gap="sm">
              {group.fields.map((spec) => (
                <Field
                  key={spec.path}
                  spec={spec}
                  draft={draft}
                  problems={problems}
                  onChange={onChange}
                  onInvalid={(path, invalid) => setUnreadable((current) => ({ ...current, [path]: invalid }))}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
        <Group>
          <Button type="submit" loading={pending}>
            {COPY.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
