/* The workspace API's JSON shapes as the browser receives them (dates arrive as ISO strings). */

export type Author = "agent" | "person";

/** A live file as listed, without its content. */
export type FileMeta = { path: string; size: number; version: number; lastAuthor: Author; updatedAt: string };

/** A file with the content of one of its versions. */
export type LoadedFile = { path: string; version: number; lastAuthor: Author; updatedAt: string; content: string };

/** One history entry; a `deleted` entry records a deletion and has no content. */
export type VersionMeta = {
  path: string;
  version: number;
  author: Author;
  messageId: string | null;
  createdAt: string;
  deleted: boolean;
};

export type VersionContent = VersionMeta & { content: string | null };
