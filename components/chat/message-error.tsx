import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { turnErrorWords } from "./turn-error-words";

type MessageErrorProps = {
  status: "error" | "interrupted";
  code: string | null;
  text: string | null;
  retryDisabled: boolean;
  onRetry: () => void;
};

/**
 * A failed or interrupted reply, stored as such by the server (an interrupted one keeps the text it
 * had, shown above); Retry asks for a new reply in its place.
 */
export function MessageError({ status, code, text, retryDisabled, onRetry }: MessageErrorProps) {
  const interrupted = status === "interrupted";
  const words = turnErrorWords(interrupted ? (code ?? "interrupted") : code);
  // The server's own sentence says what exactly failed; the words say what it means for the person.
  const detail = text && text !== words ? text : null;
  return (
    <Alert
      className="mt-2"
      data-testid="message-error"
      data-code={code ?? undefined}
      action={
        <Button
          size="sm"
          variant="secondary"
          onClick={onRetry}
          disabled={retryDisabled}
          data-testid="retry"
          title="Replaces this reply, and anything after it, with a new one"
        >
          Retry
        </Button>
      }
    >
      <span className="font-medium">{interrupted ? "The reply was interrupted. " : "The reply failed. "}</span>
      {words ?? detail ?? "The model call failed for an unknown reason."}
      {words && detail && <span className="mt-1 block text-xs opacity-80">{detail}</span>}
    </Alert>
  );
}
