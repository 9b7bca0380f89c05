/** A step of the flow that this build does not include yet; the person can go back. */
export function PendingStep({ text }: { text: string }) {
  return (
    <section className="visita-step">
      <p className="visita-step__subtitle" role="status">
        {text}
      </p>
    </section>
  );
}
