export const swappedNames: string[];
export function testModuleFor(resolvedFile: string, importerFile: string): string | null;
