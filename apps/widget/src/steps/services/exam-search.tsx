import type { CartItem } from '@visita/domain/cart-item';
import { EXAM_SEARCH_DEBOUNCE_MS } from '@visita/domain/constants';
import type { CountryCode } from '@visita/domain/locale';
import { LOADING_MESSAGE, SEARCH_FAILED_MESSAGE } from '@visita/domain/messages';
import { formatCurrency } from '@visita/domain/money';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useExamSearch } from './search-exams.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import { SERVICES_COPY } from './copy.ts';
import { useSession } from '../../stores/widget-stores.tsx';

/**
 * The exam search of one patient: 300 ms debounce, opens on focus, closes on
 * clearing and on an outside click; arrows and Enter choose; picking adds to this patient.
 */
export function ExamSearch({
  countryCode,
  onPick,
  panelOpen,
}: {
  countryCode: CountryCode;
  onPick: (item: CartItem) => void;
  panelOpen: boolean;
}) {
  const inputId = useId();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const commune = useSession((state) => state.addressData?.commune ?? null);
  const source = useSession((state) => state.salesSource);
  const displayedServicesIds = useSession((state) => state.displayedServicesIds);
  const context = useRequestContext();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), EXAM_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useExamSearch(
    { query: debounced, commune, country: countryCode, source, displayedServicesIds },
    context,
    open,
  );
  const results = search.data ?? [];
  // While the text waits for its debounce or its answer, the list still shows the last answer:
  // said to assistive technology (and to tests) so a pick is not made on a list about to change.
  const updating = open && (text.trim() !== debounced || search.isFetching);

  // An outside click closes the list while the patient's panel is open.
  useEffect(() => {
    if (!open || !panelOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, panelOpen]);

  const pick = (item: CartItem) => {
    onPick(item);
    setOpen(false);
    setText('');
    setDebounced('');
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setOpen(false);
    else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (results.length === 0 ? -1 : (index + 1) % results.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (results.length === 0 ? -1 : index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && results[active]) {
      event.preventDefault();
      pick(results[active] as CartItem);
    }
  };

  return (
    <div className="visita-address-search" ref={rootRef}>
      <label htmlFor={inputId} className="visita-visually-hidden">
        {SERVICES_COPY.searchLabel}
      </label>
      <input
        id={inputId}
        className="visita-field__input"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={SERVICES_COPY.searchPlaceholder}
        value={text}
        maxLength={200}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          setActive(-1);
          // Clearing the text closes the list.
          setOpen(value !== '');
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          // Scrollable lists are Tab stops in Chromium; the options are reached with the arrows from the input.
          tabIndex={-1}
          aria-label={SERVICES_COPY.searchLabel}
          aria-busy={updating}
          className="visita-suggestions"
        >
          {search.isError ? (
            <li role="presentation" className="visita-suggestions__status">
              {SEARCH_FAILED_MESSAGE}
            </li>
          ) : search.isPending ? (
            <li role="presentation" className="visita-suggestions__status">
              {LOADING_MESSAGE}
            </li>
          ) : results.length === 0 ? (
            <li role="presentation" className="visita-suggestions__status">
              {SERVICES_COPY.noResults}
            </li>
          ) : (
            results.map((item, index) => (
              <li
                key={String(item.id)}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`visita-suggestions__option${index === active ? ' visita-suggestions__option--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
              >
                {item.name} ·{' '}
                {formatCurrency(
                  item.is_promotion && typeof item.promotion_price === 'number'
                    ? item.promotion_price
                    : (item.price ?? 0),
                  countryCode,
                )}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
