/** An attachment as a message stores it (a `data-attachment` part) and the transcript shows it. */
export type { AttachmentRef } from "@/lib/context";

/** One file POST /api/threads/:id/attachments wrote. */
export type UploadedAttachment = { path: string; mediaType: string; size: number; textPath: string | null };
