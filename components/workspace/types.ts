/* The workspace API's shapes as the browser receives them: the shared contracts (lib/api). */
export type { Author, FileMeta, LoadedFile, VersionContent, VersionMeta } from "@/lib/api";
