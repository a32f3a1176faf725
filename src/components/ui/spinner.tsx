interface SpinnerProps {
  /** Announced text; shown beside the spinner. */
  label: string;
  fullScreen?: boolean;
}

/** A spinner with a text, in a `role="status"` region. */
export function Spinner({ label, fullScreen }: SpinnerProps) {
  return (
    <div className={fullScreen ? 'spinner spinner--full' : 'spinner'} role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
