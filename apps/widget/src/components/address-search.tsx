import {
  type Address,
  type AddressSuggestion,
  addressCandidates,
  shouldSearchAddress,
} from '@visita/domain/addresses';
import { ADDRESS_SUGGESTION_DEBOUNCE_MS } from '@visita/domain/constants';
import type { CountryCode } from '@visita/domain/locale';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { RequestContext } from '../api/http.ts';
import { getAddressSuggestions } from '../api/places-autocomplete.ts';
import { geocodePlace } from '../api/places-geocode.ts';
import { getSectorFromCoordinates } from '../api/sector-from-coordinates.ts';

/** The chosen place's candidates, each already inside a coverage sector of the sales source. */
async function coveredCandidates(
  suggestion: Pick<AddressSuggestion, 'place_id' | 'description' | 'zipCode'>,
  params: { countryCode: CountryCode; salesSource: string; context?: RequestContext },
): Promise<Address[]> {
  const places = await geocodePlace(
    { placeId: suggestion.place_id, country: params.countryCode },
    params.context,
  );
  const candidates = places.flatMap((place) =>
    addressCandidates(
      { ...place, zip_code: place.zip_code ?? suggestion.zipCode ?? null },
      suggestion.description,
      params.countryCode,
    ),
  );
  const sectors = await Promise.all(
    candidates.map((candidate) =>
      getSectorFromCoordinates(
        {
          lng: candidate.longitude,
          lat: candidate.latitude,
          country: params.countryCode,
          salesSource: params.salesSource,
        },
        params.context,
      ),
    ),
  );
  return candidates.filter((_, index) => sectors[index] !== null);
}

export interface AddressSearchProps {
  countryCode: CountryCode;
  salesSource: string;
  /** The selected address, or null. The text is prefilled from it. */
  value: Address | null;
  /** Called with the covered address the person picked, or null when the text is edited. */
  onChange: (address: Address | null) => void;
  /** Called with the picked suggestion's text when it has no candidate in coverage. */
  onOutOfCoverage: (address: string) => void;
  label: string;
  placeholder: string;
  /** A message under the field (e.g. 'Ingresa una dirección', or the out-of-coverage text). */
  error?: string | null;
  context?: RequestContext;
  /** Called when the search field loses focus (e.g. to show 'Ingresa una dirección'). */
  onBlur?: () => void;
  /** Texts for the list's states. */
  searchingText: string;
  noResultsText: string;
}

function addressText(address: Address | null): string {
  return address ? address.target_address || `${address.street} ${address.number}, ${address.commune}` : '';
}

/**
 * The address search: text with a letter and a digit asks for
 * suggestions after 1500 ms; the list (max 200 px) closes on an outside click or Escape; picking
 * one resolves it into candidates, coverage-checked; several candidates are offered to choose.
 * An ARIA combobox: arrows move through the list, Enter picks.
 */
export function AddressSearch({
  countryCode,
  salesSource,
  value,
  onChange,
  onOutOfCoverage,
  label,
  placeholder,
  error,
  context,
  onBlur,
  searchingText,
  noResultsText,
}: AddressSearchProps) {
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(() => addressText(value));
  const [options, setOptions] = useState<{ key: string; label: string; pick: () => void }[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(-1);
  const [searchedText, setSearchedText] = useState<string | null>(null);
  const requestRef = useRef(0);
  const contextRef = useRef(context);
  useLayoutEffect(() => {
    contextRef.current = context;
  });

  const choose = (address: Address) => {
    setText(addressText(address));
    setOpen(false);
    setOptions([]);
    onChange(address);
  };

  async function pickSuggestion(suggestion: AddressSuggestion) {
    const request = ++requestRef.current;
    setText(suggestion.description);
    setBusy(true);
    setOptions([]);
    try {
      const covered = await coveredCandidates(suggestion, {
        countryCode,
        salesSource,
        context: contextRef.current,
      });
      if (request !== requestRef.current) return;
      if (covered.length === 0) {
        setOpen(false);
        onOutOfCoverage(suggestion.description);
      } else if (covered.length === 1) {
        choose(covered[0] as Address);
      } else {
        setOptions(
          covered.map((address) => ({
            key: `${address.street}-${address.number}-${address.commune}`,
            label: addressText(address),
            pick: () => choose(address),
          })),
        );
        setActive(0);
        setOpen(true);
      }
    } catch {
      if (request !== requestRef.current) return;
      setOpen(false);
      onOutOfCoverage(suggestion.description);
    } finally {
      if (request === requestRef.current) setBusy(false);
    }
  }

  // A new selected address from outside (a resumed cart) shows its text.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the outside address wins over the typed text
    if (value) setText(addressText(value));
  }, [value]);

  // Suggestions after the debounce, only for text with a letter and a digit.
  useEffect(() => {
    if (searchedText === null || !shouldSearchAddress(searchedText)) return;
    const request = ++requestRef.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setBusy(true);
      setOpen(true);
      getAddressSuggestions(searchedText, countryCode, contextRef.current, controller.signal)
        .then((suggestions) => {
          if (request !== requestRef.current) return;
          setOptions(
            suggestions.map((suggestion) => ({
              key: suggestion.place_id,
              label: suggestion.description,
              pick: () => void pickSuggestion(suggestion),
            })),
          );
          setActive(-1);
        })
        .catch(() => {
          if (request === requestRef.current) setOptions([]);
        })
        .finally(() => {
          if (request === requestRef.current) setBusy(false);
        });
    }, ADDRESS_SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // pickSuggestion reads the latest props through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchedText, countryCode]);

  // A click outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onTextChange = (next: string) => {
    setText(next);
    // Editing the text clears the selected address and any error under the field: an
    // out-of-coverage message must not stay under an address the person is still typing.
    if (value || error) onChange(null);
    requestRef.current++;
    setBusy(false);
    setSearchedText(next);
    if (!shouldSearchAddress(next)) {
      setOpen(false);
      setOptions([]);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (!open || busy || options.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      options[active]?.pick();
    }
  };

  // The listbox is in the page only with options to choose: a searching or nothing-found state is
  // said in a status beside it (a listbox without options breaks its role).
  const showStatus = open && (busy || (options.length === 0 && searchedText !== null));
  const showList = open && !busy && options.length > 0;
  return (
    <div className="visita-address-search" ref={rootRef}>
      <label htmlFor={inputId} className="visita-field__label">
        {label}
      </label>
      <input
        id={inputId}
        className="visita-field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={busy || undefined}
        placeholder={placeholder}
        value={text}
        maxLength={200}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="visita-suggestions"
          style={{ maxHeight: 200 }}
        >
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`visita-suggestions__option${index === active ? ' visita-suggestions__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={option.pick}
            >
              {option.label}
            </li>
          ))}
        </ul>
      ) : showStatus ? (
        <div role="status" className="visita-suggestions" style={{ maxHeight: 200 }}>
          <p className="visita-suggestions__status">{busy ? searchingText : noResultsText}</p>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="visita-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
