import type { FileMeta } from "./types";

export type FolderGroup = { folder: string; files: { meta: FileMeta; name: string }[] };

/**
 * Files grouped by their folder ("" = the workspace root, listed first), folders and files in
 * path order. Workspaces are small and shallow, so one level of headings reads better than a tree.
 */
export function groupByFolder(files: readonly FileMeta[]): FolderGroup[] {
  const groups = new Map<string, FolderGroup>();
  for (const meta of files) {
    const slash = meta.path.lastIndexOf("/");
    const folder = slash === -1 ? "" : meta.path.slice(0, slash);
    const group = groups.get(folder) ?? { folder, files: [] };
    group.files.push({ meta, name: meta.path.slice(slash + 1) });
    groups.set(folder, group);
  }
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...groups.values()]
    .sort((a, b) => byCodePoint(a.folder, b.folder))
    .map((g) => ({ ...g, files: g.files.sort((a, b) => byCodePoint(a.meta.path, b.meta.path)) }));
}
