import type { ReactNode } from "react";

/** A red, announced box for errors people must notice; `action` holds e.g. a Retry button. */
export function Alert({
  children,
  action,
  className = "",
  ...rest
}: {
  children: ReactNode;
  action?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <div
      role="alert"
      className={`flex items-start gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}
      {...rest}
    >
      <div className="min-w-0 flex-1 break-words whitespace-pre-wrap">{children}</div>
      {action}
    </div>
  );
}
