import { useRef } from 'react';
import { FOCUS_HOLDER_ATTRIBUTE, useHoldFocus } from './use-entry-focus.ts';

/**
 * What shows while a step (its code or its data) loads: a busy status that says so and holds the
 * focus until the step's title takes it, so the focus never falls to the page in between.
 */
export function Loader({ label, showImage }: { label: string; showImage: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useHoldFocus(ref);
  return (
    <div
      ref={ref}
      className="visita-loader"
      role="status"
      aria-busy="true"
      tabIndex={-1}
      {...{ [FOCUS_HOLDER_ATTRIBUTE]: '' }}
    >
      {showImage ? (
        <img className="visita-loader__image" src="/visita-logo.svg" alt="" width={120} height={32} />
      ) : null}
      <span className="visita-loader__spinner" aria-hidden="true" />
      <span className="visita-visually-hidden">{label}</span>
    </div>
  );
}
