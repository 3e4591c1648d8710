import type { ContextInfo } from "@/lib/api";
import { fileHash } from "@/components/workspace/file-hash";
import { formatBytes } from "@/components/workspace/format";
import { formatCount } from "@/components/ui/format-count";
import { linkClass } from "./receipt-links";

type Attachments = ContextInfo["attachments"];

const NOT_CARRIED_WHY = {
  before_cut: "before the cut",
  not_sent: "not sent in a message yet",
} as const;

/** A workspace file link: following it opens the file in the workspace panel. */
function FileLink({ path }: { path: string }) {
  return (
    <a href={fileHash(path)} className={`${linkClass} font-mono break-all`} title={`Open ${path} in the workspace`}>
      {path.replace(/^attachments\//, "")}
    </a>
  );
}

/** The thread's attachments as the next request sees them: what it carries and at what cost, and what it leaves to the workspace. */
export function AttachmentCosts({ attachments }: { attachments: Attachments }) {
  const { carried, notCarried } = attachments;
  if (carried.length === 0 && notCarried.length === 0) return null;
  return (
    <section data-testid="inspector-attachments">
      <h3 className="mb-1 font-semibold text-neutral-700">Attachments</h3>
      {carried.length > 0 ? (
        <>
          <p>
            The next request carries {carried.length}, about {formatCount(attachments.tokens)} tokens:
          </p>
          <ul className="mt-0.5 space-y-0.5">
            {carried.map((a) => (
              <li key={a.path} data-testid="inspector-attachment-carried" className="flex flex-wrap items-baseline gap-x-1.5">
                <FileLink path={a.path} />
                <span className="text-neutral-600">
                  {a.mediaType}, {formatBytes(a.size)}: ~{formatCount(a.tokens)} tokens{" "}
                  {a.asImage ? "(the image and a note)" : "(a note naming the file)"}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>The next request carries none.</p>
      )}
      {notCarried.length > 0 && (
        <>
          <p className="mt-1">Not carried (0 tokens; the agent reads them by path with the workspace tools):</p>
          <ul className="mt-0.5 space-y-0.5">
            {notCarried.map((a) => (
              <li key={a.path} data-testid="inspector-attachment-not-carried" className="flex flex-wrap items-baseline gap-x-1.5">
                <FileLink path={a.path} />
                <span className="text-neutral-600">
                  {a.mediaType}, {formatBytes(a.size)}: {NOT_CARRIED_WHY[a.reason]}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-1 text-neutral-500">Token counts are estimates, made the way the context budget counts them.</p>
    </section>
  );
}
