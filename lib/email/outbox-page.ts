import { config } from "@/lib/config";

/*
 * The outbox page shows every mail the app stored, whoever it was for: in development that is how
 * a reset link is read without a mail server. Anyone who can open the page can read anyone's reset
 * link, so it is open only under `next dev` (OUTBOX_PAGE=auto), or when an operator says so.
 */
export function outboxPageOpen(): boolean {
  const mode = config().OUTBOX_PAGE;
  return mode === "on" || (mode === "auto" && process.env.NODE_ENV === "development");
}
