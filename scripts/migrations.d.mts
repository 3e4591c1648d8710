export function providerOf(url: string): "sqlite" | "postgres";
export function deployMigrations(url: string): Promise<string[]>;
export function migrationStatus(url: string): Promise<unknown>;
export function createMigration(url: string, name: string): Promise<string | null>;
