/*
 * Who the agent may mail. Pure. With SMTP an allow-list is required (default: only EMAIL_TO), so an
 * agent cannot mail arbitrary people; the local outbox keeps everything on this machine and is
 * only restricted when EMAIL_ALLOWED_TO is set explicitly.
 */

export type AllowListConfig = { transport: string; emailTo?: string; allowedTo?: string };

export function allowedRecipients(cfg: AllowListConfig): string[] | null {
  const listed = cfg.allowedTo ?? (cfg.transport === "smtp" ? (cfg.emailTo ?? "") : null);
  if (listed === null) return null;
  return listed
    .split(",")
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
}

/** null when allowed, else the refusal message for the agent. */
export function recipientRefusal(to: string, cfg: AllowListConfig): string | null {
  const allowed = allowedRecipients(cfg);
  if (allowed === null || allowed.includes(to.trim().toLowerCase())) return null;
  if (allowed.length === 0)
    return `Email to ${to} refused: no recipients are allowed (set EMAIL_TO or EMAIL_ALLOWED_TO). Nothing was sent.`;
  return `Email to ${to} refused: it is not on the allow-list (${allowed.join(", ")}). Nothing was sent; do not retry with this address.`;
}
