"use client";

import type { AttachmentRef } from "@/lib/api";
import { useThreadScope } from "../thread-scope";
import { attachmentUrl } from "./upload";

const INLINE_IMAGES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

function sizeLabel(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An attachment in the transcript: an image at its natural size (never wider than the column), any other file as a chip linking its download. */
export function AttachmentView({ attachment }: { attachment: AttachmentRef }) {
  const { threadId } = useThreadScope();
  const name = attachment.path.split("/").pop() ?? attachment.path;
  if (!threadId) return <p className="my-1 text-sm text-neutral-600">{name}</p>;
  if (INLINE_IMAGES.has(attachment.mediaType)) {
    return (
      <a
        href={attachmentUrl(threadId, attachment.path)}
        target="_blank"
        rel="noreferrer noopener"
        className="my-1.5 block w-fit max-w-full"
      >
        <img
          src={attachmentUrl(threadId, attachment.path)}
          alt={`Attached image ${name}`}
          width={attachment.width ?? undefined}
          height={attachment.height ?? undefined}
          className="h-auto max-w-full rounded-md border border-neutral-200"
          data-testid="attachment-image"
        />
      </a>
    );
  }
  return (
    <a
      href={attachmentUrl(threadId, attachment.path, { download: true })}
      download={name}
      data-testid="attachment-file"
      className="my-1 mr-1.5 inline-flex max-w-full items-center gap-1.5 rounded-md border border-neutral-300 bg-neutral-50 px-2 py-1 text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <span className="min-w-0 truncate font-medium">{name}</span>
      <span className="text-xs text-neutral-600">{sizeLabel(attachment.size)}</span>
      <span className="sr-only">(download)</span>
    </a>
  );
}
