import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Stack,
  TextInput,
} from '@mantine/core';
import type { ConsoleCoupon, ConsoleCouponFields } from '@visita/domain/contract/console-coupons';
import { type FormEvent, useState } from 'react';
import { ApiAlert, FormAlert } from '../../ui/api-alert.tsx';
import { useCouponOptions } from './coupon-options.ts';
import { COPY } from './copy.ts';
import { dateInputValue, instantOfDay, validityZone } from './format.ts';

type Kind = 'percent' | 'amount';
type CountryValue = '' | 'cl' | 'mx';

const numberOrNull = (value: string | number) =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);

/**
 * A coupon's fields, to create one (with its code) or edit one (`coupon`): the kind of discount
 * and its value, the country, validity days, sales sources, items, total uses, once per person
 * and active. The API checks every value again and answers in Spanish.
 */
export function CouponForm({
  coupon,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  coupon?: ConsoleCoupon;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (fields: ConsoleCouponFields & { code: string }) => void;
}) {
  const options = useCouponOptions();
  const [kind, setKind] = useState<Kind>(typeof coupon?.discount_amount === 'number' ? 'amount' : 'percent');
  const [percent, setPercent] = useState<string | number>(coupon?.discount_percent ?? '');
  const [amount, setAmount] = useState<string | number>(coupon?.discount_amount ?? '');
  const [maxUses, setMaxUses] = useState<string | number>(coupon?.max_uses ?? '');
  const [country, setCountry] = useState<CountryValue>(coupon?.country ?? (coupon ? '' : 'cl'));
  const zone = validityZone(country === '' ? null : country);
  const [sources, setSources] = useState<string[]>(coupon?.sales_sources ?? []);
  const [items, setItems] = useState<string[]>((coupon?.item_ids ?? []).map(String));
  const [formError, setFormError] = useState<string | null>(null);

  const itemOptions = (options.data?.items ?? [])
    .filter((item) => country === '' || item.country === country)
    .map((item) => ({ value: String(item.id), label: `${item.name} (${item.country.toUpperCase()})` }));
  // Items already chosen stay listed even when another country is picked, so they can be removed.
  const known = new Set(itemOptions.map((option) => option.value));
  const chosenElsewhere = items
    .filter((id) => !known.has(id))
    .map((id) => {
      const item = options.data?.items.find((candidate) => String(candidate.id) === id);
      return { value: id, label: item ? `${item.name} (${item.country.toUpperCase()})` : `#${id}` };
    });
  const sourceOptions = [...new Set([...(options.data?.sales_sources ?? []), ...sources])];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = kind === 'percent' ? numberOrNull(percent) : numberOrNull(amount);
    if (value === null) {
      setFormError(COPY.needDiscount);
      return;
    }
    setFormError(null);
    onSubmit({
      code:
        coupon?.code ??
        String(form.get('code') ?? '')
          .trim()
          .toUpperCase(),
      discount_percent: kind === 'percent' ? value : null,
      discount_amount: kind === 'amount' ? value : null,
      valid_from: instantOfDay(String(form.get('valid_from') ?? ''), false, zone),
      valid_until: instantOfDay(String(form.get('valid_until') ?? ''), true, zone),
      sales_sources: sources,
      country: country === '' ? null : country,
      item_ids: items.map(Number),
      max_uses: numberOrNull(maxUses),
      once_per_person: form.get('once_per_person') === 'on',
      active: form.get('active') === 'on',
    });
  };

  return (
    <form onSubmit={submit} aria-label={submitLabel} noValidate>
      <Stack gap="sm" maw={640}>
        <FormAlert message={formError} />
        {error ? <ApiAlert error={error} /> : null}
        {options.error ? <ApiAlert error={options.error} /> : null}
        {coupon ? null : (
          <TextInput
            name="code"
            label={COPY.code}
            description={COPY.codeHint}
            required
            maxLength={40}
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
          />
        )}
        <Group align="flex-start" grow>
          <NativeSelect
            name="kind"
            label={COPY.kind}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as Kind)}
            data={[
              { value: 'percent', label: COPY.kindPercent },
              { value: 'amount', label: COPY.kindAmount },
            ]}
          />
          {kind === 'percent' ? (
            <NumberInput
              label={COPY.percentLabel}
              required
              min={1}
              max={100}
              allowDecimal={false}
              suffix=" %"
              value={percent}
              onChange={setPercent}
            />
          ) : (
            <NumberInput
              label={COPY.amountLabel}
              description={COPY.amountHint}
              required
              min={1}
              allowDecimal={false}
              thousandSeparator="."
              decimalSeparator=","
              value={amount}
              onChange={setAmount}
            />
          )}
        </Group>
        <NativeSelect
          name="country"
          label={COPY.country}
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value as CountryValue)}
          data={[
            { value: '', label: COPY.anyCountry },
            { value: 'cl', label: COPY.chile },
            { value: 'mx', label: COPY.mexico },
          ]}
        />
        <Group align="flex-start" grow>
          <TextInput
            type="date"
            name="valid_from"
            label={COPY.validFrom}
            description={COPY.validityHint(country === 'mx' ? 'México' : 'Chile')}
            defaultValue={dateInputValue(coupon?.valid_from ?? null, zone)}
          />
          <TextInput
            type="date"
            name="valid_until"
            label={COPY.validUntil}
            defaultValue={dateInputValue(coupon?.valid_until ?? null, zone)}
          />
        </Group>
        <MultiSelect
          label={COPY.sources}
          description={COPY.sourcesHint}
          data={sourceOptions}
          value={sources}
          onChange={setSources}
          searchable
          clearable
        />
        <MultiSelect
          label={COPY.items}
          description={COPY.itemsHint}
          data={[...itemOptions, ...chosenElsewhere]}
          value={items}
          onChange={setItems}
          searchable
          clearable
          limit={50}
        />
        <NumberInput
          label={COPY.maxUses}
          description={COPY.maxUsesHint}
          min={1}
          allowDecimal={false}
          value={maxUses}
          onChange={setMaxUses}
        />
        <Checkbox
          name="once_per_person"
          label={COPY.oncePerPerson}
          defaultChecked={coupon?.once_per_person ?? false}
        />
        <Checkbox name="active" label={COPY.activeLabel} defaultChecked={coupon?.active ?? true} />
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
