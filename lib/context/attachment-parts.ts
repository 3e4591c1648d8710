import type { StoredPart } from "./types";

/*
 * An attachment in a user message is a stored part naming its workspace file, never its bytes:
 * { type: "data-attachment", data: { path, mediaType, size, width?, height?, pages?, textPath? } }.
 * What the model reads of it is decided here (pure): a short note naming the path, type, size and
 * pages, and, for an image whose bytes the shell loaded (its message is in the recent span), the
 * image itself as a file part. A message before the cut is never converted, so after compaction
 * the model input carries no bytes of it; the summarizer reads the note, so the summary can name
 * the path.
 */

export const ATTACHMENT_PART = "data-attachment";

export type AttachmentRef = {
  path: string;
  mediaType: string;
  size: number;
  width?: number | null;
  height?: number | null;
  pages?: number | null;
  textPath?: string | null;
};

export function attachmentRef(part: StoredPart): AttachmentRef | null {
  if (part.type !== ATTACHMENT_PART || typeof part.data !== "object" || part.data === null) return null;
  const data = part.data as Partial<AttachmentRef>;
  return typeof data.path === "string" && typeof data.mediaType === "string" && typeof data.size === "number"
    ? (data as AttachmentRef)
    : null;
}

export const isImageRef = (ref: AttachmentRef) => ref.mediaType.startsWith("image/") && ref.mediaType !== "image/svg+xml";

function size(bytes: number): string {
  return bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The line the model (and the summarizer) reads for an attachment. */
export function attachmentNote(ref: AttachmentRef): string {
  const facts = [ref.mediaType, size(ref.size)];
  if (ref.width && ref.height) facts.push(`${ref.width}x${ref.height} px`);
  if (ref.pages) facts.push(`${ref.pages} page${ref.pages === 1 ? "" : "s"}`);
  const where = ref.textPath
    ? `; its text is in the workspace file ${ref.textPath}`
    : isImageRef(ref)
      ? ""
      : "; read it with the workspace tools (by line range if it is large)";
  return `[Attached: workspace file ${ref.path} (${facts.join(", ")})${where}]`;
}

/**
 * Tokens an image costs a provider, estimated the way Anthropic documents it (width x height /
 * 750, images scaled down to about 1.15 megapixels first); 1,000 when the size is unknown.
 */
function imageTokens(ref: AttachmentRef): number {
  if (!ref.width || !ref.height) return 1_000;
  const scale = Math.min(1, Math.sqrt(1_150_000 / (ref.width * ref.height)));
  return Math.ceil((ref.width * scale * (ref.height * scale)) / 750);
}

/** What an attachment costs a request that sends its message: its note, and an image the image itself. */
export function attachmentTokens(ref: AttachmentRef, count: (text: string) => number): number {
  return count(attachmentNote(ref)) + (isImageRef(ref) ? imageTokens(ref) : 0);
}

/** An attachment a request carries: in full as an image, or as its note (the agent reads the file with the workspace tools). */
export type CarriedAttachment = AttachmentRef & { messageId: string; asImage: boolean; tokens: number };

/**
 * The attachments of the messages a request sends, once per path (the first message naming it),
 * with their estimated tokens: the same estimate the context budget counts (a path named twice
 * costs its note twice).
 */
export function carriedAttachments(
  messages: ReadonlyArray<{ id: string; parts: readonly StoredPart[] }>,
  count: (text: string) => number,
): CarriedAttachment[] {
  const byPath = new Map<string, CarriedAttachment>();
  for (const m of messages) {
    for (const part of m.parts) {
      const ref = attachmentRef(part);
      if (!ref) continue;
      const tokens = attachmentTokens(ref, count);
      const seen = byPath.get(ref.path);
      if (seen) seen.tokens += tokens;
      else byPath.set(ref.path, { ...ref, messageId: m.id, asImage: isImageRef(ref), tokens });
    }
  }
  return [...byPath.values()];
}

/** A message's parts as the model reads them: each attachment becomes its note, plus the image when `images` holds its data URL. */
export function withAttachmentInputs(parts: readonly StoredPart[], images: ReadonlyMap<string, string>): StoredPart[] {
  return parts.flatMap((part) => {
    const ref = attachmentRef(part);
    if (!ref) return [part];
    const note: StoredPart = { type: "text", text: attachmentNote(ref) };
    const image = isImageRef(ref) ? images.get(ref.path) : undefined;
    return image ? [note, { type: "file", mediaType: ref.mediaType, url: image, filename: ref.path }] : [note];
  });
}

/** The image attachments of these messages (what the shell loads bytes for). */
export function imageRefs(messages: ReadonlyArray<{ parts: readonly StoredPart[] }>): AttachmentRef[] {
  return messages.flatMap((m) => m.parts.map(attachmentRef).filter((r): r is AttachmentRef => r !== null && isImageRef(r)));
}
