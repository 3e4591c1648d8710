import Link from "next/link";
import { notFound } from "next/navigation";
import { MailText } from "@/components/outbox/mail-text";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { listWholeOutbox } from "@/lib/email/outbox-list";
import { outboxPageOpen } from "@/lib/email/outbox-page";

// caller: public — a development page that shows every stored mail whoever it was for, open only under `next dev` or OUTBOX_PAGE=on (lib/email/outbox-page.ts).

const SHOWN = 50;

export default async function OutboxPage() {
  if (!outboxPageOpen()) notFound();
  const mails = await listWholeOutbox(SHOWN);
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-6">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Outbox</h1>
        <Link href="/account" className="text-sm text-blue-700 hover:underline">
          Account
        </Link>
      </div>
      <p className="text-xs text-neutral-600">
        Development only: the newest {SHOWN} mails this server stored, for every account (password reset links, the agent&apos;s email).
        With SMTP_URL set they are also sent.
      </p>
      {mails.length === 0 ? (
        <p className="text-sm text-neutral-600">No mail yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="outbox-list">
          {mails.map((m) => (
            <li key={m.id} data-testid="outbox-mail">
              <article className="flex flex-col gap-1 rounded-lg border border-neutral-200 p-3" aria-labelledby={`mail-${m.id}`}>
                <h2 id={`mail-${m.id}`} className="text-sm font-semibold">
                  {m.subject}
                </h2>
                <p className="text-xs text-neutral-600">
                  To {m.to} · from {m.from} ·{" "}
                  <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC</time>
                  {m.transport === "smtp" && " · sent by SMTP"}
                </p>
                <MailText text={m.text} />
              </article>
            </li>
          ))}
        </ol>
      )}
      <ThemeToggle />
    </main>
  );
}
