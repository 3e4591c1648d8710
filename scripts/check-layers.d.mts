export type CrossFolderImport = { from: string; to: string; file: string; specifier: string; typeOnly: boolean };
export type FolderGraph = Map<string, Map<string, CrossFolderImport[]>>;
export const CONTRACT_FOLDERS: string[];
export function crossFolderImports(root: string): CrossFolderImport[];
export function folderGraph(imports: CrossFolderImport[], contractFolders?: string[]): FolderGraph;
export function folderCycles(graph: FolderGraph): string[][];
export function folderLevels(graph: FolderGraph): string[][];
