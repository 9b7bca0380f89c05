import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { STEPS } from '@visita/domain/steps';
import type { ReactNode } from 'react';
import { type FieldSpec, NESTED, type NestedEditor } from './copy.ts';
import {
  type Draft,
  getIn,
  numberValue,
  problemsOf,
  receiverIdOf,
  renameKey,
  setIn,
  textValue,
  unusedKey,
  withoutRow,
} from './draft.ts';
import { FIRST_INPUT, RowList, useFocusAfterChange } from './row-list.tsx';

/** An id for a field's input, from its path (the e2e tests and the summary's links use it). */
export const inputId = (path: string) => `partner-${path.replaceAll('.', '-')}`;

/** What every input of a nested field needs: the draft, its problems by path, and how to change it. */
interface At {
  draft: Draft;
  problems: Record<string, string>;
  set: (path: string, value: unknown) => void;
}

const STEP_OPTIONS = STEPS as readonly string[];

function TextAt({
  at,
  path,
  label,
  help,
  empty,
  multiline = false,
}: {
  at: At;
  path: string;
  label: string;
  help?: string;
  /** What an emptied input stores: '' keeps the key (a required text, so its problem shows). */
  empty: 'null' | 'omit' | 'empty';
  multiline?: boolean;
}) {
  const value = getIn(at.draft, path);
  const props = {
    id: inputId(path),
    label,
    description: help,
    error: problemsOf(at.problems, path),
    value: typeof value === 'string' ? value : '',
    onChange: (event: { currentTarget: { value: string } }) =>
      at.set(path, textValue(event.currentTarget.value, empty)),
  };
  return multiline ? <Textarea {...props} autosize minRows={1} maxRows={8} /> : <TextInput {...props} />;
}

function SwitchAt({
  at,
  path,
  label,
  help,
  fallback,
}: {
  at: At;
  path: string;
  label: string;
  help: string;
  /** What the schema takes when the key is missing (so the switch shows what applies). */
  fallback: boolean;
}) {
  const value = getIn(at.draft, path);
  return (
    <Switch
      id={inputId(path)}
      label={label}
      description={help}
      error={problemsOf(at.problems, path)}
      checked={typeof value === 'boolean' ? value : fallback}
      onChange={(event) => at.set(path, event.currentTarget.checked)}
    />
  );
}

function NumberAt({
  at,
  path,
  label,
  help,
  empty,
}: {
  at: At;
  path: string;
  label: string;
  help?: string;
  empty: 'null' | 'omit';
}) {
  const value = getIn(at.draft, path);
  return (
    <NumberInput
      id={inputId(path)}
      label={label}
      description={help}
      error={problemsOf(at.problems, path)}
      allowDecimal={false}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => at.set(path, numberValue(next, empty))}
    />
  );
}

function SelectAt({
  at,
  path,
  label,
  help,
  options,
}: {
  at: At;
  path: string;
  label: string;
  help?: string;
  options: readonly { value: string; label: string }[];
}) {
  const value = getIn(at.draft, path);
  const text = typeof value === 'string' ? value : '';
  // A stored value the list does not know stays shown (and its problem beside it) rather than lost.
  const data = options.some((option) => option.value === text)
    ? [...options]
    : [{ value: text, label: text }, ...options];
  return (
    <NativeSelect
      id={inputId(path)}
      label={label}
      description={help}
      error={problemsOf(at.problems, path)}
      data={data}
      value={text}
      onChange={(event) => at.set(path, event.currentTarget.value)}
    />
  );
}

/**
 * A list of the draft, at its path, edited as rows (RowList). `whenEmpty`: what the list is once
 * its last row goes (null where the schema says "none").
 */
function Rows({
  at,
  path,
  row,
  make,
  whenEmpty = 'list',
  block = false,
  children,
}: {
  at: At;
  path: string;
  /** Rows of several inputs, each in its own box with its button under it. */
  block?: boolean;
  /** The row's name in the buttons ('receptor': 'Agregar receptor', 'Quitar receptor 2'). */
  row: string;
  /** A new row's value, or undefined when no more can be added. */
  make: () => unknown;
  /** What the list is once its last row goes: empty, none (null), or left out of the document. */
  whenEmpty?: 'list' | 'null' | 'omit';
  children: (index: number) => ReactNode;
}) {
  const value = getIn(at.draft, path);
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const error = at.problems[path];
  const next = make();
  return (
    <RowList
      items={list}
      row={row}
      block={block}
      problem={
        error ? (
          <Text size="sm" c="red.8" id={`${inputId(path)}-error`}>
            {error}
          </Text>
        ) : null
      }
      onAdd={next === undefined ? undefined : () => at.set(path, [...list, next])}
      onRemove={(index) => at.set(path, withoutRow(list, index, whenEmpty))}
    >
      {(_, index) => children(index)}
    </RowList>
  );
}

/** An object the schema allows to be null (none): a button makes one, another removes it. */
function Optional({
  at,
  path,
  add,
  remove,
  make,
  children,
}: {
  at: At;
  path: string;
  add: string;
  remove: string;
  make: () => Record<string, unknown>;
  children: ReactNode;
}) {
  const value = getIn(at.draft, path);
  const { box, focus } = useFocusAfterChange();
  const none = value === null || value === undefined;
  return (
    <Stack gap="sm" ref={box}>
      {none ? null : children}
      <Group>
        {none ? (
          <Button
            variant="light"
            data-add
            onClick={() => {
              at.set(path, make());
              focus(FIRST_INPUT);
            }}
          >
            {add}
          </Button>
        ) : (
          <Button
            variant="default"
            onClick={() => {
              at.set(path, null);
              focus('[data-add]');
            }}
          >
            {remove}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A sub-list inside a nested field, with its own legend and what it is for. */
function SubList({ legend, help, children }: { legend: string; help?: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="unstyled" styles={{ legend: { fontWeight: 600 } }}>
      {help ? (
        <Text size="sm" mb="xs">
          {help}
        </Text>
      ) : null}
      {children}
    </Fieldset>
  );
}

function Receivers({ at }: { at: At }) {
  const copy = NESTED.receivers;
  return (
    <Rows at={at} path="receivers" row={copy.row} block make={() => ({ id: '', name: '' })}>
      {(index) => {
        const id = getIn(at.draft, `receivers.${index}.id`);
        const path = `receivers.${index}.id`;
        return (
          <Group grow align="flex-start">
            <TextInput
              id={inputId(path)}
              label={copy.id(index)}
              description={copy.idHelp}
              error={problemsOf(at.problems, path)}
              value={typeof id === 'number' || typeof id === 'string' ? String(id) : ''}
              onChange={(event) => at.set(path, receiverIdOf(event.currentTarget.value))}
            />
            <TextAt
              at={at}
              path={`receivers.${index}.name`}
              label={copy.name(index)}
              help={copy.nameHelp}
              empty="empty"
            />
          </Group>
        );
      }}
    </Rows>
  );
}

function PartnerSteps({ at }: { at: At }) {
  const copy = NESTED.partnerSteps;
  const used = (getIn(at.draft, 'steps') as { value?: string }[] | undefined) ?? [];
  const options = STEP_OPTIONS.map((step) => ({ value: step, label: step }));
  return (
    <Rows
      at={at}
      path="steps"
      row={copy.row}
      make={() => {
        const value = ['split-payment', ...STEP_OPTIONS].find((step) => !used.some((s) => s.value === step));
        return value === undefined ? undefined : { value };
      }}
    >
      {(index) => (
        <Group grow align="flex-start">
          <SelectAt
            at={at}
            path={`steps.${index}.value`}
            label={copy.value(index)}
            help={copy.valueHelp}
            options={options}
          />
          <TextAt
            at={at}
            path={`steps.${index}.label`}
            label={copy.label(index)}
            help={copy.labelHelp}
            empty="omit"
          />
        </Group>
      )}
    </Rows>
  );
}

function Webhook({ at }: { at: At }) {
  const copy = NESTED.webhook;
  const path = 'profile.webhook';
  return (
    <Optional
      at={at}
      path={path}
      add={copy.add}
      remove={copy.remove}
      make={() => ({ url: '', secret: '', include_personal_data: false })}
    >
      <TextAt at={at} path={`${path}.url`} label={copy.url} help={copy.urlHelp} empty="empty" />
      <TextAt at={at} path={`${path}.secret`} label={copy.secret} help={copy.secretHelp} empty="empty" />
      <SwitchAt
        at={at}
        path={`${path}.include_personal_data`}
        label={copy.personal}
        help={copy.personalHelp}
        fallback={false}
      />
    </Optional>
  );
}

function ExtraServiceIds({ at }: { at: At }) {
  const copy = NESTED.extraServiceIds;
  const path = 'profile.rules.extra_service_ids';
  return (
    <Rows at={at} path={path} row={copy.row} make={() => null}>
      {(index) => <NumberAt at={at} path={`${path}.${index}`} label={copy.id(index)} empty="null" />}
    </Rows>
  );
}

function PaymentMethods({ at }: { at: At }) {
  const copy = NESTED.paymentMethods;
  const path = 'profile.rules.payment_methods';
  const used = (getIn(at.draft, path) as string[] | null | undefined) ?? [];
  return (
    <Rows
      at={at}
      path={path}
      row={copy.row}
      whenEmpty="null"
      make={() => copy.options.find((option) => !used.includes(option.value))?.value}
    >
      {(index) => (
        <SelectAt at={at} path={`${path}.${index}`} label={copy.method(index)} options={copy.options} />
      )}
    </Rows>
  );
}

/** A list of catalogue slugs, one input per row. */
function Slugs({
  at,
  path,
  row,
  label,
}: {
  at: At;
  path: string;
  row: string;
  label: (i: number) => string;
}) {
  return (
    <Rows at={at} path={path} row={row} make={() => ''}>
      {(index) => <TextAt at={at} path={`${path}.${index}`} label={label(index)} empty="empty" />}
    </Rows>
  );
}

function Fund({ at }: { at: At }) {
  const copy = NESTED.fund;
  const path = 'profile.rules.fund';
  return (
    <Optional
      at={at}
      path={path}
      add={copy.add}
      remove={copy.remove}
      make={() => ({ name: null, affiliation_check: true, once_per_patient_items: [], close_warning: true })}
    >
      <TextAt at={at} path={`${path}.name`} label={copy.name} help={copy.nameHelp} empty="null" />
      <SwitchAt
        at={at}
        path={`${path}.affiliation_check`}
        label={copy.affiliation}
        help={copy.affiliationHelp}
        fallback
      />
      <SwitchAt
        at={at}
        path={`${path}.close_warning`}
        label={copy.closeWarning}
        help={copy.closeWarningHelp}
        fallback
      />
      <SubList legend={copy.items} help={copy.itemsHelp}>
        <Slugs at={at} path={`${path}.once_per_patient_items`} row={copy.row} label={copy.item} />
      </SubList>
    </Optional>
  );
}

function CompanyPays({ at }: { at: At }) {
  const copy = NESTED.companyPays;
  const path = 'profile.rules.company_pays';
  return (
    <Optional
      at={at}
      path={path}
      add={copy.add}
      remove={copy.remove}
      make={() => ({ items: [''], cap_per_person: null })}
    >
      <SubList legend={copy.items} help={copy.itemsHelp}>
        <Slugs at={at} path={`${path}.items`} row={copy.row} label={copy.item} />
      </SubList>
      <NumberAt at={at} path={`${path}.cap_per_person`} label={copy.cap} help={copy.capHelp} empty="null" />
    </Optional>
  );
}

function StepCopy({ at }: { at: At }) {
  const copy = NESTED.stepCopy;
  const path = 'profile.copy.steps';
  const value = getIn(at.draft, path);
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const keys = Object.keys(record);
  const next = unusedKey(record, STEP_OPTIONS);
  return (
    <RowList
      items={keys}
      row={copy.row}
      block
      onAdd={next === undefined ? undefined : () => at.set(path, { ...record, [next]: {} })}
      full={copy.full}
      onRemove={(index) => at.set(`${path}.${keys[index]}`, undefined)}
    >
      {(key, index) => {
        const stepPath = `${path}.${key}`;
        // Each row offers its own step and the ones no other row has.
        const options = STEP_OPTIONS.filter((step) => step === key || !(step in record)).map((step) => ({
          value: step,
          label: step,
        }));
        return (
          <>
            <NativeSelect
              id={`${inputId(path)}-${index}-step`}
              label={copy.step(index)}
              description={copy.stepHelp}
              error={at.problems[stepPath]}
              data={
                options.some((option) => option.value === key)
                  ? options
                  : [{ value: key, label: key }, ...options]
              }
              value={key}
              onChange={(event) => at.set(path, renameKey(record, key, event.currentTarget.value))}
            />
            <Group grow align="flex-start">
              <TextAt
                at={at}
                path={`${stepPath}.title`}
                label={copy.title(index)}
                help={copy.textHelp}
                empty="omit"
              />
              <TextAt
                at={at}
                path={`${stepPath}.cta`}
                label={copy.cta(index)}
                help={copy.textHelp}
                empty="omit"
              />
            </Group>
            <TextAt
              at={at}
              path={`${stepPath}.subtitle`}
              label={copy.subtitle(index)}
              help={copy.textHelp}
              empty="omit"
              multiline
            />
          </>
        );
      }}
    </RowList>
  );
}

function Terms({ at }: { at: At }) {
  const copy = NESTED.terms;
  const path = 'profile.terms';
  const sections = `${path}.sections`;
  return (
    <Optional
      at={at}
      path={path}
      add={copy.add}
      remove={copy.remove}
      make={() => ({ title: '', sections: [{ heading: '', paragraphs: [], items: [] }] })}
    >
      <TextAt at={at} path={`${path}.title`} label={copy.title} help={copy.titleHelp} empty="empty" />
      <TextAt
        at={at}
        path={`${path}.intro`}
        label={copy.intro}
        help={copy.introHelp}
        empty="omit"
        multiline
      />
      <SubList legend={copy.sections} help={copy.sectionsHelp}>
        <Rows
          at={at}
          path={sections}
          block
          row={copy.row}
          make={() => ({ heading: '', paragraphs: [], items: [] })}
        >
          {(section) => (
            <Stack gap="xs">
              <TextAt
                at={at}
                path={`${sections}.${section}.heading`}
                label={copy.heading(section)}
                empty="empty"
              />
              <SubList legend={copy.paragraphs(section)}>
                <Rows
                  at={at}
                  path={`${sections}.${section}.paragraphs`}
                  row={copy.paragraphRow(section)}
                  make={() => ''}
                >
                  {(index) => (
                    <TextAt
                      at={at}
                      path={`${sections}.${section}.paragraphs.${index}`}
                      label={copy.paragraph(section, index)}
                      empty="empty"
                      multiline
                    />
                  )}
                </Rows>
              </SubList>
              <SubList legend={copy.items(section)}>
                <Rows
                  at={at}
                  path={`${sections}.${section}.items`}
                  row={copy.itemRow(section)}
                  make={() => ''}
                >
                  {(index) => (
                    <TextAt
                      at={at}
                      path={`${sections}.${section}.items.${index}`}
                      label={copy.item(section, index)}
                      empty="empty"
                    />
                  )}
                </Rows>
              </SubList>
            </Stack>
          )}
        </Rows>
      </SubList>
    </Optional>
  );
}

function Help({ at }: { at: At }) {
  const copy = NESTED.help;
  const path = 'profile.help';
  return (
    <Optional
      at={at}
      path={path}
      add={copy.add}
      remove={copy.remove}
      make={() => ({ question: '', action: { kind: 'whatsapp', label: '', href: '' }, hours: '' })}
    >
      <TextAt
        at={at}
        path={`${path}.question`}
        label={copy.question}
        help={copy.questionHelp}
        empty="empty"
      />
      <SelectAt
        at={at}
        path={`${path}.action.kind`}
        label={copy.kind}
        help={copy.kindHelp}
        options={copy.kinds}
      />
      <TextAt at={at} path={`${path}.action.label`} label={copy.label} help={copy.labelHelp} empty="empty" />
      <TextAt at={at} path={`${path}.action.href`} label={copy.href} help={copy.hrefHelp} empty="empty" />
      <TextAt at={at} path={`${path}.hours`} label={copy.hours} help={copy.hoursHelp} empty="empty" />
    </Optional>
  );
}

const EDITORS: Record<NestedEditor, (props: { at: At }) => ReactNode> = {
  receivers: Receivers,
  'partner-steps': PartnerSteps,
  webhook: Webhook,
  'extra-service-ids': ExtraServiceIds,
  'payment-methods': PaymentMethods,
  fund: Fund,
  'company-pays': CompanyPays,
  'step-copy': StepCopy,
  terms: Terms,
  help: Help,
};

/** A list field of one value per row (texts, features or steps), as its spec says. */
function ListOf({ at, spec }: { at: At; spec: FieldSpec }) {
  const edit = spec.edit;
  if (edit.kind !== 'list') return null;
  const path = spec.path;
  const value = getIn(at.draft, path);
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const options =
    edit.of === 'feature'
      ? NESTED.features
      : edit.of === 'step'
        ? STEP_OPTIONS.map((step) => ({ value: step, label: step }))
        : null;
  const full = edit.max !== undefined && list.length >= edit.max;
  const item = (index: number) => `${edit.item} ${index + 1}`;
  return (
    <Rows
      at={at}
      path={path}
      row={edit.row}
      whenEmpty={edit.empty}
      // A new choice is the first one not listed yet (a feature, a step, are listed once).
      make={() =>
        full ? undefined : options ? options.find((option) => !list.includes(option.value))?.value : ''
      }
    >
      {(index) =>
        options ? (
          <SelectAt at={at} path={`${path}.${index}`} label={item(index)} options={options} />
        ) : (
          <TextAt at={at} path={`${path}.${index}`} label={item(index)} empty="empty" />
        )
      }
    </Rows>
  );
}

/**
 * A nested field of the document (a list, an object, or none) as its own small form: a group
 * named by the field, what it does, a problem of the whole field, and its inputs, each with the
 * problems the draft check or the API give under that input's path.
 */
export function NestedField({
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
  const at: At = { draft, problems, set: (path, value) => onChange(setIn(draft, path, value)) };
  const Editor = spec.edit.kind === 'nested' ? EDITORS[spec.edit.editor] : null;
  const helpId = `${inputId(spec.path)}-help`;
  return (
    <Fieldset legend={spec.label} aria-describedby={helpId} id={inputId(spec.path)}>
      <Stack gap="xs">
        <Text size="sm" id={helpId}>
          {spec.help}
        </Text>
        {problems[spec.path] && !Array.isArray(getIn(draft, spec.path)) ? (
          <Text size="sm" c="red.8">
            {problems[spec.path]}
          </Text>
        ) : null}
        {Editor ? <Editor at={at} /> : <ListOf at={at} spec={spec} />}
      </Stack>
    </Fieldset>
  );
}
