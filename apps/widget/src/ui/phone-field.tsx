import { PHONE_PREFIX } from '@visita/domain/constants';
import type { CountryCode } from '@visita/domain/locale';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  COUNTRY_CODE_LABEL,
  COUNTRY_SEARCH_LABEL,
  COUNTRY_SEARCH_PLACEHOLDER,
  NO_COUNTRY_FOUND,
  PHONE_MASK,
  PHONE_PLACEHOLDER,
} from '../copy/phone.ts';
import { FieldError } from './form.tsx';

/** The countries whose numbers the booking takes (the validators know these two formats). */
const COUNTRIES: readonly { code: CountryCode; name: string; dial: string }[] = [
  { code: 'cl', name: 'Chile', dial: PHONE_PREFIX.cl },
  { code: 'mx', name: 'México', dial: PHONE_PREFIX.mx },
];
const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const dialOf = (value: string) => COUNTRIES.find((country) => value.startsWith(country.dial)) ?? null;

/** The digits after the country's code grouped by the mask: '+56 961 234 567'. */
function formatPhone(value: string): string {
  const country = dialOf(value);
  if (!country) return value;
  const digits = value.slice(country.dial.length);
  const groups: string[] = [];
  let at = 0;
  for (const part of PHONE_MASK.split(' ')) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + part.length));
    at += part.length;
  }
  if (at < digits.length) groups.push(digits.slice(at));
  return [country.dial, ...groups].join(' ');
}

/** What a person typed, as the validators read it: a leading '+' and digits, at most `max` characters. */
function compactPhone(text: string, max: number): string {
  const plus = text.trimStart().startsWith('+') ? '+' : '';
  return `${plus}${text.replace(/\D/g, '')}`.slice(0, max);
}

/**
 * The phone with its country, one field to the eye: a searchable list of countries at its start
 * (showing the country, choosing one puts its code in front of the number) and the number shown
 * with the mask, its code written once, in the number. The value handed up is compact
 * ('+56961234567'), so validation and normalisation stay the domain's.
 */
export function PhoneField({
  label,
  value,
  onValue,
  error,
  maxLength,
  ...rest
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  maxLength: number;
  'data-field'?: string;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const current = dialOf(value);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(fold(search.trim())), COUNTRY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const matches = COUNTRIES.filter(
    (country) => !query || fold(country.name).includes(query) || country.dial.includes(query),
  );

  const choose = (dial: string) => {
    const rest = current ? value.slice(current.dial.length) : value.replace(/^\+?/, '');
    onValue(compactPhone(`${dial}${rest}`, maxLength));
    setOpen(false);
    setSearch('');
    setQuery('');
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setOpen(false);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (matches.length === 0 ? 0 : (index + step + matches.length) % matches.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = matches[active];
      if (chosen) choose(chosen.dial);
    }
  };

  return (
    <div className="visita-field visita-phone" ref={rootRef}>
      <label htmlFor={inputId}>{label}</label>
      {/* One box: the country chooser is its start, the number (with its code, shown once) the rest. */}
      <div className={`visita-phone__box${error ? ' visita-phone__box--invalid' : ''}`}>
        <button
          type="button"
          className="visita-phone__country"
          aria-label={`${COUNTRY_CODE_LABEL}: ${current ? `${current.name} ${current.dial}` : '—'}`}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={() => {
            setActive(0);
            setOpen((was) => !was);
          }}
        >
          <span aria-hidden="true">{current ? current.code.toUpperCase() : ''}</span>
          <span className="visita-phone__chevron" aria-hidden="true">
            ▾
          </span>
        </button>
        <input
          id={inputId}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={PHONE_PLACEHOLDER}
          value={formatPhone(value)}
          onChange={(event) => onValue(compactPhone(event.target.value, maxLength))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
      </div>
      {open ? (
        <div className="visita-phone__popup">
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-label={COUNTRY_SEARCH_LABEL}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? `${listId}-${matches[active].code}` : undefined}
            placeholder={COUNTRY_SEARCH_PLACEHOLDER}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
          />
          <ul id={listId} role="listbox" aria-label={COUNTRY_CODE_LABEL} tabIndex={-1}>
            {matches.length === 0 ? (
              <li role="presentation">{NO_COUNTRY_FOUND}</li>
            ) : (
              matches.map((country, index) => (
                <li
                  key={country.code}
                  id={`${listId}-${country.code}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(country.dial)}
                >
                  {country.name} {country.dial}
                </li>
              ))
            )}
          </ul>
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
