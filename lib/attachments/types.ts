/** What an attachment is, decided from its bytes (sniff.ts). */
export type AttachmentKind = "image" | "pdf" | "text";

export type Sniffed = {
  kind: AttachmentKind;
  /** The sniffed media type, never the name's: image/png, application/pdf, text/plain, ... */
  mediaType: string;
  /** The extension that type is known by, for a name that lies about it. */
  extension: string;
};

/** One file of an upload, as the route read it. */
export type Upload = { name: string; bytes: Uint8Array };

/** What an upload wrote: the attachment's workspace path and, for a PDF, its Markdown sibling. */
export type Written = { path: string; mediaType: string; size: number; textPath: string | null };
