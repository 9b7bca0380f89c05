/** A whole-page message: no client id, an unknown client, or a failed load. */
export function MessageScreen({ message, detail }: { message: string; detail?: string | null }) {
  return (
    <main className="visita-message" aria-live="polite">
      <p className="visita-message__text">{message}</p>
      {detail ? <p className="visita-message__detail">{detail}</p> : null}
    </main>
  );
}
