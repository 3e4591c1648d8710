import type { z } from "zod";
import type { DeletedFile } from "@/lib/workspace/undelete";
import type { putFileSchema, renameSchema, restoreSchema, undeleteSchema } from "@/lib/workspace/http";
import type {
  Author,
  FileContent,
  FileMeta as FileMetaRow,
  VersionContent as VersionContentRow,
  VersionMeta as VersionMetaRow,
} from "@/lib/workspace/types";
import type { Wire } from "./wire";

export type { Author };

/** A live file as listed, without its content. */
export type FileMeta = Wire<FileMetaRow>;
/** A file with the content of one of its versions. */
export type LoadedFile = Omit<Wire<FileContent>, "size">;
/** One history entry; a `deleted` entry records a deletion and has no content. */
export type VersionMeta = Wire<VersionMetaRow>;
export type VersionContent = Wire<VersionContentRow>;

export type PutFileRequest = z.input<typeof putFileSchema>;
export type RenameFileRequest = z.input<typeof renameSchema>;
export type RestoreFileRequest = z.input<typeof restoreSchema>;

/** GET /api/threads/:id/files?deleted=1, most recently deleted first. */
export type DeletedFilesResponse = { deleted: Wire<DeletedFile>[] };
/** POST /api/threads/:id/files/<path>?action=undelete */
export type UndeleteFileRequest = z.input<typeof undeleteSchema>;
export type UndeleteFileResponse = { file: FileMeta; restoredVersion: number };

/** What a 409 on a file tells about the version that won. */
export type FileConflictDetails = { currentVersion: number | null; lastAuthor: Author | null; deleted: boolean };
