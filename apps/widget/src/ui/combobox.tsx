import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import './form.css';

export interface ComboboxOption {
  value: string;
  label: string;
}

/**
 * A searchable dropdown (ARIA combobox with a listbox): arrows move, Enter picks, Escape
 * closes, a clear button empties it. `onSearch` runs after `debounceMs` of quiet typing.
 */
export function Combobox({
  label,
  placeholder,
  options,
  value,
  onSelect,
  onSearch,
  debounceMs,
  clearLabel,
  emptyText,
  filterLocally = true,
}: {
  label: string;
  placeholder?: string;
  options: readonly ComboboxOption[];
  value: ComboboxOption | null;
  onSelect: (option: ComboboxOption | null) => void;
  onSearch?: (text: string) => void;
  debounceMs: number;
  clearLabel: string;
  emptyText: string;
  filterLocally?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value?.label ?? '');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // The list closes a moment after the field loses focus (a click on an option lands first); a
  // step that unmounts meanwhile must not be updated afterwards.
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // The search waits for the person to stop typing.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text);
      onSearch?.(text);
    }, debounceMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, debounceMs]);

  const needle = query.trim().toLocaleLowerCase('es');
  const shown =
    filterLocally && needle && needle !== value?.label.toLocaleLowerCase('es')
      ? options.filter((option) => option.label.toLocaleLowerCase('es').includes(needle))
      : options;

  const pick = (option: ComboboxOption) => {
    onSelect(option);
    setText(option.label);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, shown.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && shown[active]) {
        event.preventDefault();
        pick(shown[active]);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const activeId = open && shown[active] ? `${id}-option-${active}` : undefined;
  return (
    <div className="visita-field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="visita-row" style={{ flexWrap: 'nowrap' }}>
        <input
          id={`${id}-input`}
          ref={inputRef}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          placeholder={placeholder}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => {
            clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={onKeyDown}
        />
        {text ? (
          <button
            type="button"
            className="visita-link"
            style={{ flex: 'none' }}
            aria-label={clearLabel}
            onClick={() => {
              setText('');
              onSelect(null);
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
      </div>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          // Scrollable lists are Tab stops in Chromium; the options are reached with the arrows from the input.
          tabIndex={-1}
          className="visita-list"
          aria-label={label}
        >
          {shown.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true">
              {emptyText}
            </li>
          ) : (
            shown.map((option, index) => (
              <li
                key={option.value}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={value?.value === option.value}
                className={index === active ? 'visita-active' : undefined}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(option);
                }}
              >
                {option.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
