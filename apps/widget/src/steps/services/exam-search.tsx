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

/** Lower case, no accents: how the typed words are matched to an option's name. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');
}

/** Whether an option answers the typed text: every typed word is in its name. */
function matchesTyped(item: CartItem, typed: string): boolean {
  const name = fold(item.name);
  return fold(typed)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => name.includes(word));
}

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
  // The active option by id: the list may change under it, the option Enter adds may not.
  const [activeId, setActiveId] = useState<string | null>(null);
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
  const typed = text.trim();
  // The answer for what is typed now, or (while it is on its way) the last answer narrowed to the
  // options that match the typed words: an option that does not answer the text is never offered,
  // so a quick Enter or click cannot add another exam.
  const answered = typed === debounced && search.data !== undefined && !search.isPlaceholderData;
  const results = answered
    ? (search.data ?? [])
    : (search.data ?? []).filter((item) => matchesTyped(item, typed));
  // While the text waits for its debounce or its answer, the list says it is updating.
  const updating = open && !answered;
  const activeIndex = activeId === null ? -1 : results.findIndex((item) => String(item.id) === activeId);
  const showList = open && !search.isError && results.length > 0;

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
    setActiveId(null);
  };

  const moveActive = (step: 1 | -1) => {
    if (results.length === 0) return setActiveId(null);
    const from = activeIndex < 0 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = results[(from + step + results.length) % results.length];
    setActiveId(next ? String(next.id) : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setOpen(false);
    else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      moveActive(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveActive(-1);
    } else if (event.key === 'Enter' && showList && activeIndex >= 0) {
      event.preventDefault();
      pick(results[activeIndex] as CartItem);
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
        aria-expanded={showList}
        // The listbox is in the page only while it has options.
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        placeholder={SERVICES_COPY.searchPlaceholder}
        value={text}
        maxLength={200}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          setActiveId(null);
          // Clearing the text closes the list.
          setOpen(value !== '');
        }}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          // Scrollable lists are Tab stops in Chromium; the options are reached with the arrows from the input.
          tabIndex={-1}
          aria-label={SERVICES_COPY.searchLabel}
          aria-busy={updating}
          className="visita-suggestions"
        >
          {results.map((item, index) => (
            <li
              key={String(item.id)}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={`visita-suggestions__option${index === activeIndex ? ' visita-suggestions__option--active' : ''}`}
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
          ))}
        </ul>
      ) : open ? (
        // A list with no options is no listbox: its state is said in a live status instead.
        <div role="status" className="visita-suggestions">
          <p className="visita-suggestions__status">
            {search.isError
              ? SEARCH_FAILED_MESSAGE
              : search.isPending || updating
                ? LOADING_MESSAGE
                : SERVICES_COPY.noResults}
          </p>
        </div>
      ) : null}
    </div>
  );
}
