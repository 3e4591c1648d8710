import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type MessageErrorProps = { text: string | null; retryDisabled: boolean; onRetry: () => void };

/** A failed reply, stored as such by the server; Retry asks for a new reply in its place. */
export function MessageError({ text, retryDisabled, onRetry }: MessageErrorProps) {
  return (
    <Alert
      className="mt-2"
      data-testid="message-error"
      action={
        <Button size="sm" variant="secondary" onClick={onRetry} disabled={retryDisabled} data-testid="retry"
          title="Replaces this reply, and anything after it, with a new one">
          Retry
        </Button>
      }
    >
      <span className="font-medium">The reply failed. </span>
      {text || "The model call failed for an unknown reason."}
    </Alert>
  );
}
