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
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { COPY, FIELD_GROUPS, type FieldSpec, type ModeGroup } from './copy.ts';
import { type Draft, getIn, hasModeSettings, problemsOf, setIn, withoutModeSettings } from './draft.ts';
import { inputId, NestedField } from './nested-fields.tsx';

const FIELD_PATHS = FIELD_GROUPS.flatMap((group) => group.fields.map((field) => field.path));
const HEX = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

/** One field of the document, edited as its kind says, with its help and its problem. */
function Field({
  spec,
  draft,
  problems,
  onChange,
}: {
  spec: FieldSpec;
  draft: Draft;
  problems: Record<string, string>;
  onChange: (draft: Draft) => void;
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
          checked={typeof value === 'boolean' ? value : edit.unset === true}
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
    case 'list':
    case 'nested':
      return <NestedField spec={spec} draft={draft} problems={problems} onChange={onChange} />;
  }
}

/**
 * Whether a mode has settings of its own, and the button that removes them (the mode then has
 * none, null, as the API stores it). Focus moves to the sentence that says so, since the button
 * it was on goes away.
 */
function ModeSettings({
  mode,
  draft,
  onChange,
}: {
  mode: ModeGroup;
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const none = useRef<HTMLParagraphElement>(null);
  const [removed, setRemoved] = useState(false);
  const has = hasModeSettings(draft, mode.path);
  useEffect(() => {
    if (removed && !has) none.current?.focus();
  }, [removed, has]);
  if (!has)
    return (
      <Text size="sm" ref={none} tabIndex={-1} data-testid={`${mode.path}-none`}>
        {COPY.modeNone}
      </Text>
    );
  return (
    <Group gap="sm" align="center">
      <Button
        variant="outline"
        color="red.8"
        onClick={() => {
          onChange(withoutModeSettings(draft, mode.path));
          setRemoved(true);
        }}
      >
        {COPY.removeMode(mode.name)}
      </Button>
      <Text size="sm" style={{ flex: 1 }}>
        {COPY.removeModeHint}
      </Text>
    </Group>
  );
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
  const count = Object.keys(problems).length;
  // What no field shows (a key the document does not have): listed in the summary.
  const elsewhere = Object.entries(problems).filter(
    ([key]) => !FIELD_PATHS.some((path) => key === path || key.startsWith(`${path}.`)),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (count === 0) onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label={COPY.formTitle} noValidate>
      <Stack gap="md">
        {count > 0 ? (
          <FormAlert
            message={[COPY.problems, ...elsewhere.map(([key, message]) => `${key}: ${message}`)].join(' ')}
          />
        ) : null}
        {error ? <ApiAlert error={error} /> : null}
        {FIELD_GROUPS.map((group) => (
          <Fieldset key={group.title} legend={group.title}>
            <Stack gap="sm">
              {group.mode ? <ModeSettings mode={group.mode} draft={draft} onChange={onChange} /> : null}
              {group.fields.map((spec) => (
                <Field key={spec.path} spec={spec} draft={draft} problems={problems} onChange={onChange} />
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
