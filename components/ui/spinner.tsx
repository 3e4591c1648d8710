export function Spinner({ label = "Loading", className = "" }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-sm text-neutral-500 ${className}`}>
      <span aria-hidden className="size-3.5 animate-spin rounded-full border-2 border-neutral-300 border-t-neutral-600" />
      {label}
    </span>
  );
}
