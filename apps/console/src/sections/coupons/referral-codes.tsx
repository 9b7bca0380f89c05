import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiAlert } from '../../ui/api-alert.tsx';
import { CAPTION } from '../../ui/scroll-region.tsx';
import { useCouponOptions } from './coupon-options.ts';
import { COPY } from './copy.ts';
import { useReferralCodes } from './list-referral-codes.ts';
import { useSetReferralCode } from './set-referral-code.ts';

/** Each sales source's referral code (the coupon the widget applies on its own): set or removed. */
export function ReferralCodes() {
  const codes = useReferralCodes();
  const options = useCouponOptions();
  const set = useSetReferralCode();
  const [done, setDone] = useState('');
  const [formKey, setFormKey] = useState(0);
  const rows = codes.data?.results ?? [];

  const save = (source: string, code: string | null) => {
    setDone('');
    set.mutate(
      { params: { source }, body: { referral_code: code } },
      {
        onSuccess: () => {
          setDone(code === null ? COPY.referralRemoved(source) : COPY.referralSaved(source));
          setFormKey((key) => key + 1);
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save(
      String(form.get('source') ?? ''),
      String(form.get('code') ?? '')
        .trim()
        .toUpperCase(),
    );
  };

  return (
    <section aria-labelledby="referral-codes-title">
      <Title order={2} id="referral-codes-title" size="h3" mb="sm">
        {COPY.referralTitle}
      </Title>
      <Text role="status" size="sm" mb="xs">
        {codes.isPending ? COPY.loading : done}
      </Text>
      {codes.error ? <ApiAlert error={codes.error} /> : null}
      {set.error ? <ApiAlert error={set.error} /> : null}
      {codes.isSuccess && rows.length === 0 ? <Text>{COPY.referralNone}</Text> : null}
      {rows.length > 0 ? (
        <Table striped captionSide="top" maw={720} mb="md">
          <Table.Caption style={CAPTION}>{COPY.referralCaption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{COPY.source}</Table.Th>
              <Table.Th scope="col">{COPY.referralCode}</Table.Th>
              <Table.Th scope="col">{COPY.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.sales_source}>
                <Table.Th scope="row" fw="normal">
                  {row.sales_source}
                </Table.Th>
                <Table.Td ff="monospace">{row.referral_code}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red"
                    disabled={set.isPending}
                    aria-label={COPY.referralRemoveOf(row.sales_source)}
                    onClick={() => save(row.sales_source, null)}
                  >
                    {COPY.referralRemove}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <form key={formKey} onSubmit={submit} aria-labelledby="referral-new-title">
        <Title order={3} id="referral-new-title" size="h4" mb="xs">
          {COPY.referralNewTitle}
        </Title>
        <Stack gap="sm" maw={520}>
          <Group align="flex-end">
            <NativeSelect
              name="source"
              label={COPY.source}
              required
              defaultValue=""
              data={[
                { value: '', label: COPY.chooseSource },
                ...(options.data?.sales_sources ?? []).map((source) => ({ value: source, label: source })),
              ]}
            />
            <TextInput name="code" label={COPY.referralCode} required maxLength={40} autoComplete="off" />
            <Button type="submit" loading={set.isPending}>
              {COPY.referralSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
