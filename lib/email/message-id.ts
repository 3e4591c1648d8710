// A fixed domain: the Message-ID must be identical on every attempt even if EMAIL_FROM changes.
const MESSAGE_ID_DOMAIN = "actions.longrun.local";

/** RFC 5322 Message-ID derived from the ledger's provider key. */
export function messageIdFor(providerKey: string): string {
  return `<act-${providerKey}@${MESSAGE_ID_DOMAIN}>`;
}
