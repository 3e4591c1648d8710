export function testOnlyExports(root: string): { file: string; name: string }[];
