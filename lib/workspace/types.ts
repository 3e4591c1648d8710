/** Who wrote a file version (WorkspaceFile.lastAuthor, FileVersion.author; the migration checked_status_columns holds the same list). */
export const AUTHORS = ["agent", "person"] as const;
export type Author = (typeof AUTHORS)[number];

/** A live file without its content, as listed. */
export type FileMeta = { path: string; size: number; version: number; lastAuthor: Author; updatedAt: Date };

export type FileContent = FileMeta & { content: string };

/** One entry of a file's history; `deleted` entries carry no content. */
export type VersionMeta = {
  path: string;
  version: number;
  author: Author;
  messageId: string | null;
  createdAt: Date;
  deleted: boolean;
};

export type VersionContent = VersionMeta & { content: string | null };

export type WriteInput = {
  path: string;
  content: string;
  /** null: create (conflict if the file exists). N: "I last saw version N" (conflict if it moved on). */
  baseVersion: number | null;
  author: Author;
  /** The assistant message that made an agent write. */
  messageId?: string | null;
};
