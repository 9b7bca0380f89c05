export function Loader({ label, showImage }: { label: string; showImage: boolean }) {
  return (
    <div className="visita-loader" role="status" aria-live="polite">
      {showImage ? (
        <img className="visita-loader__image" src="/visita-logo.svg" alt="" width={120} height={32} />
      ) : null}
      <span className="visita-loader__spinner" aria-hidden="true" />
      <span className="visita-visually-hidden">{label}</span>
    </div>
  );
}
