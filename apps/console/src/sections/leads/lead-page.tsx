import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { CartItem } from '@visita/domain/cart-item';
import { isPack } from '@visita/domain/cart-item';
import {
  type ConsoleLeadDetail,
  LEAD_MANUAL_STATUSES,
  type LeadStatus,
} from '@visita/domain/contract/console-leads';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { formatsFor } from '../appointments/format.ts';
import { useAddLeadNote } from './add-lead-note.ts';
import { COPY, formatAge, formatSize, STATUS_LABELS } from './copy.ts';
import { useLead } from './get-lead.ts';
import { leadFileUrl } from './lead-file.ts';
import { useCatalogueSearch } from './search-catalogue.ts';
import { useSendLeadCart } from './send-lead-cart.ts';
import { useSetLeadStatus } from './set-lead-status.ts';

const { dateTime, time } = formatsFor('cl');

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Label and value pairs as a description list. */
function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="flex-start" mb={4}>
          <Text component="dt" fw={700} miw={190}>
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Box>
  );
}

/** A success said once, focused when it is new (so the keyboard and a screen reader land on it). */
function Said({ text }: { text: { value: string; key: number } | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = text?.key;
  useEffect(() => {
    if (key !== undefined) ref.current?.focus();
  }, [key]);
  if (!text) return null;
  return (
    <Alert key={text.key} ref={ref} color="green" role="status" tabIndex={-1} maw={640}>
      {text.value}
    </Alert>
  );
}

function useSaid() {
  const [said, setSaid] = useState<{ value: string; key: number } | null>(null);
  return [said, (value: string) => setSaid((p) => ({ value, key: (p?.key ?? 0) + 1 }))] as const;
}

/**
 * The order's files inline: an image as it is; a PDF in a frame once asked for, since Chromium's
 * PDF viewer takes the page's focus when it loads (the heading would lose it on opening the page).
 */
function Files({ lead }: { lead: ConsoleLeadDetail }) {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setShown((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Stack>
      {lead.files.map((file, index) => {
        const url = leadFileUrl(lead.id, file.id);
        const label = COPY.fileLabel(index + 1, file.original_name);
        const frameId = `lead-file-${file.id}`;
        const open = shown.has(file.id);
        return (
          <Stack key={file.id} gap={4}>
            <Text fw={700}>{label}</Text>
            <Text size="sm">
              {COPY.fileFacts(COPY.typeNames[file.content_type] ?? file.content_type, formatSize(file.size))}
            </Text>
            {file.content_type === 'application/pdf' ? (
              <>
                <Group>
                  <Button
                    variant="default"
                    aria-expanded={open}
                    aria-controls={frameId}
                    onClick={() => toggle(file.id)}
                  >
                    {open ? COPY.hidePdf(label) : COPY.showPdf(label)}
                  </Button>
                </Group>
                <Box id={frameId}>
                  {open ? (
                    <iframe
                      src={url}
                      title={label}
                      style={{ width: '100%', maxWidth: 900, height: 600, border: '1px solid #868e96' }}
                    />
                  ) : null}
                </Box>
              </>
            ) : (
              <img
                src={url}
                alt={label}
                style={{ maxWidth: '100%', height: 'auto', border: '1px solid #868e96' }}
              />
            )}
            <Anchor href={url} target="_blank" rel="noopener noreferrer">
              {`${COPY.openFile} (${label})`}
            </Anchor>
          </Stack>
        );
      })}
    </Stack>
  );
}

function StatusForm({ lead }: { lead: ConsoleLeadDetail }) {
  const setStatus = useSetLeadStatus();
  const [said, say] = useSaid();
  const [status, setValue] = useState<string>(lead.status === 'booked' ? 'closed' : lead.status);
  const [note, setNote] = useState('');
  if (lead.status === 'booked') return <Text>{COPY.bookedLocked}</Text>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setStatus.mutate(
          {
            params: { id: lead.id },
            body: {
              status: status as (typeof LEAD_MANUAL_STATUSES)[number],
              ...(note.trim() ? { note: note.trim() } : {}),
            },
          },
          {
            onSuccess: (answer) => {
              setNote('');
              say(COPY.statusChanged(STATUS_LABELS[answer.status]));
            },
          },
        );
      }}
    >
      <Stack maw={640}>
        <NativeSelect
          label={COPY.newStatus}
          value={status}
          onChange={(event) => setValue(event.currentTarget.value)}
          data={LEAD_MANUAL_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        />
        <Textarea
          label={COPY.statusNote}
          autosize
          minRows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <ApiAlert error={setStatus.error} />
        <Group>
          <Button type="submit" loading={setStatus.isPending}>
            {COPY.statusSubmit}
          </Button>
        </Group>
        <Said text={said} />
      </Stack>
    </form>
  );
}

function Notes({ lead }: { lead: ConsoleLeadDetail }) {
  const addNote = useAddLeadNote();
  const [said, say] = useSaid();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <Stack maw={640}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) {
            setEmpty(true);
            field.current?.focus();
            return;
          }
          setEmpty(false);
          addNote.mutate(
            { params: { id: lead.id }, body: { text: text.trim() } },
            {
              onSuccess: () => {
                setText('');
                say(COPY.noteAdded);
              },
            },
          );
        }}
      >
        <Stack>
          <Textarea
            ref={field}
            label={COPY.noteText}
            description={COPY.noteHint}
            styles={{ description: { color: 'var(--mantine-color-text)' } }}
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={text}
            error={empty}
            withErrorStyles={false}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <FormAlert message={empty ? COPY.noteEmpty : null} />
          <ApiAlert error={addNote.error} />
          <Group>
            <Button type="submit" loading={addNote.isPending}>
              {COPY.noteSubmit}
            </Button>
          </Group>
          <Said text={said} />
        </Stack>
      </form>
      {lead.notes.length === 0 ? (
        <Text>{COPY.noNotes}</Text>
      ) : (
        <List listStyleType="none" spacing="sm">
          {lead.notes.map((note) => (
            <List.Item key={note.id}>
              <Text>{note.text}</Text>
              <Text size="sm">{COPY.noteBy(note.author, dateTime(note.created_at))}</Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function CartBuilder({ lead }: { lead: ConsoleLeadDetail }) {
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  const [cart, setCart] = useState<CartItem[]>([]);
  const [coupon, setCoupon] = useState('');
  const [noItems, setNoItems] = useState(false);
  const [said, say] = useSaid();
  const search = useCatalogueSearch({
    query: asked,
    country: lead.country,
    source: lead.sales_source,
    commune: lead.address.commune,
  });
  const send = useSendLeadCart();
  const inCart = new Set(cart.map((item) => String(item.id)));

  if (lead.status === 'booked') return <Text>{COPY.bookedLocked}</Text>;
  return (
    <Stack maw={900}>
      <Text>{COPY.cartIntro}</Text>
      <form
        role="search"
        aria-label={COPY.searchLabel}
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(query.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={COPY.searchLabel}
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            {COPY.searchSubmit}
          </Button>
        </Group>
      </form>
      <Text role="status" size="sm">
        {asked && search.isFetching
          ? COPY.searching
          : asked && search.isSuccess && search.items.length === 0
            ? COPY.noResults
            : ''}
      </Text>
      <ApiAlert error={search.error} />
      {asked && search.items.length > 0 ? (
        <Box>
          <Title order={3} size="h4" mb="xs">
            {COPY.searchResultsTitle}
          </Title>
          <List listStyleType="none" spacing="xs" data-testid="catalogue-results">
            {search.items.slice(0, 20).map((item) => {
              const name = item.display_name ?? item.name;
              return (
                <List.Item key={String(item.id)}>
                  <Group gap="sm">
                    <Text>{`${name} · ${isPack(item) ? COPY.pack : COPY.exam}`}</Text>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={inCart.has(String(item.id))}
                      aria-label={COPY.add(name)}
                      onClick={() => {
                        setCart((current) => [...current, item]);
                        setNoItems(false);
                      }}
                    >
                      {COPY.addShort}
                    </Button>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </Box>
      ) : null}
      <Box>
        <Title order={3} size="h4" mb="xs">
          {COPY.cartItemsTitle}
        </Title>
        {cart.length === 0 ? (
          <Text>{COPY.emptyCart}</Text>
        ) : (
          <List listStyleType="none" spacing="xs" data-testid="lead-cart">
            {cart.map((item) => {
              const name = item.display_name ?? item.name;
              return (
                <List.Item key={String(item.id)}>
                  <Group gap="sm">
                    <Text>{`${name} · ${isPack(item) ? COPY.pack : COPY.exam}`}</Text>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={COPY.remove(name)}
                      onClick={() => setCart((current) => current.filter((other) => other.id !== item.id))}
                    >
                      {COPY.removeShort}
                    </Button>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
      </Box>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (cart.length === 0) {
            setNoItems(true);
            return;
          }
          const ids = (pack: boolean) =>
            cart.filter((item) => isPack(item) === pack).map((item) => Number(item.id));
          send.mutate(
            {
              params: { id: lead.id },
              body: {
                patients: [{ items: ids(false), packs: ids(true) }],
                ...(coupon.trim() ? { discount_code: coupon.trim() } : {}),
              },
            },
            {
              onSuccess: (answer) => {
                setCart([]);
                setCoupon('');
                say(COPY.cartSent(answer.email));
              },
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label={COPY.coupon}
            value={coupon}
            maxLength={50}
            maw={300}
            onChange={(event) => setCoupon(event.currentTarget.value)}
          />
          <FormAlert message={noItems ? COPY.cartNeedsItems : null} />
          <ApiAlert error={send.error} />
          <Group>
            <Button type="submit" loading={send.isPending}>
              {COPY.sendCart}
            </Button>
          </Group>
          <Said text={said} />
        </Stack>
      </form>
      {lead.cart ? (
        <Text>
          {`${COPY.lastCart}: `}
          <Anchor href={lead.cart.url} target="_blank" rel="noopener noreferrer" data-testid="lead-cart-link">
            {lead.cart.url}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

function History({ lead }: { lead: ConsoleLeadDetail }) {
  if (lead.history.length === 0) return <Text>{COPY.noHistory}</Text>;
  return (
    <Table captionSide="top" maw={900}>
      <Table.Caption style={{ textAlign: 'left', color: 'var(--mantine-color-text)' }}>
        {COPY.historyTitle}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{COPY.when}</Table.Th>
          <Table.Th scope="col">{COPY.what}</Table.Th>
          <Table.Th scope="col">{COPY.who}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lead.history.map((entry, index) => {
          const after = entry.after ?? {};
          const status = typeof after['status'] === 'string' ? (after['status'] as LeadStatus) : null;
          const note = typeof after['note'] === 'string' ? after['note'] : null;
          return (
            <Table.Tr key={`${entry.at}-${index}`}>
              <Table.Th scope="row">{dateTime(entry.at)}</Table.Th>
              <Table.Td>
                {[
                  COPY.actions[entry.action] ?? entry.action,
                  status ? `→ ${STATUS_LABELS[status] ?? status}` : null,
                  note ? `«${note}»` : null,
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Table.Td>
              <Table.Td>{entry.actor.startsWith('booking:') ? COPY.bookingActor : entry.actor}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** One medical order: who, where, the file, its status and notes, and the cart sent to the person. */
export function LeadPage() {
  const { id = '' } = useParams();
  const lead = useLead(id);
  const data = lead.data;
  return (
    <Stack gap="xl">
      <Anchor component={Link} to="/ordenes">
        {COPY.back}
      </Anchor>
      {lead.error ? (
        <>
          <PageTitle>{COPY.title}</PageTitle>
          <ApiAlert error={lead.error} />
        </>
      ) : !data ? (
        <Text role="status">{COPY.leadLoading}</Text>
      ) : (
        <>
          <PageTitle>{COPY.leadTitle(data.code)}</PageTitle>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Section id="lead-summary" title={COPY.summaryTitle}>
              <Facts
                rows={[
                  [COPY.status, STATUS_LABELS[data.status]],
                  [COPY.receivedAt, dateTime(data.created_at)],
                  [COPY.waiting, formatAge(data.age_minutes)],
                  [
                    COPY.promise,
                    data.status === 'new'
                      ? data.overdue
                        ? `${COPY.overdue}: ${COPY.dueWas(time(data.answer_due_at))}`
                        : `${COPY.onTime}: ${COPY.dueIn(time(data.answer_due_at))}`
                      : `${data.answer_hours} h`,
                  ],
                  [
                    COPY.lastChange,
                    data.status_changed_at
                      ? `${dateTime(data.status_changed_at)} ${COPY.by(data.status_changed_by ?? '')}`
                      : COPY.dash,
                  ],
                  ...(data.appointment_id
                    ? ([
                        [
                          COPY.appointment,
                          <Anchor component={Link} to={`/citas/${data.appointment_id}`} key="a">
                            {COPY.seeAppointment}
                          </Anchor>,
                        ],
                      ] as Array<[string, ReactNode]>)
                    : []),
                ]}
              />
            </Section>
            <Section id="lead-contact" title={COPY.contactTitle}>
              <Facts
                rows={[
                  [COPY.name, data.name],
                  [
                    COPY.email,
                    <Anchor href={`mailto:${data.email}`} key="e">
                      {data.email}
                    </Anchor>,
                  ],
                  [
                    COPY.phone,
                    <Anchor href={`tel:${data.phone}`} key="p">
                      {data.phone}
                    </Anchor>,
                  ],
                  [COPY.partner, data.client_id ?? COPY.dash],
                  [COPY.insurance, data.insurance ?? COPY.dash],
                  [COPY.specialNeeds, data.special_needs ?? COPY.dash],
                ]}
              />
            </Section>
          </SimpleGrid>
          <Section id="lead-address" title={COPY.addressTitle}>
            <Facts
              rows={[
                [COPY.address, data.address.line],
                [COPY.apartment, data.address.apartment ?? COPY.dash],
                [COPY.additionalInfo, data.address.additional_info ?? COPY.dash],
                [COPY.commune, data.address.commune],
                [COPY.region, data.address.region],
                [
                  COPY.residence,
                  data.address.residence_type
                    ? (COPY.residenceTypes[data.address.residence_type] ?? data.address.residence_type)
                    : COPY.dash,
                ],
              ]}
            />
          </Section>
          <Section id="lead-files" title={COPY.filesTitle}>
            <Files lead={data} />
          </Section>
          <Section id="lead-status" title={COPY.statusTitle}>
            <StatusForm lead={data} />
          </Section>
          <Section id="lead-cart" title={COPY.cartTitle}>
            <CartBuilder lead={data} />
          </Section>
          <Section id="lead-notes" title={COPY.notesTitle}>
            <Notes lead={data} />
          </Section>
          <Section id="lead-history" title={COPY.historyTitle}>
            <History lead={data} />
          </Section>
        </>
      )}
    </Stack>
  );
}
