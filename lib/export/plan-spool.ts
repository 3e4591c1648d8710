import { closeSync, createReadStream, openSync, writeSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import type { ImportPlan } from "./import-plan";

/*
 * An import's plan kept on disk instead of in memory: each table's rows appended as JSON lines to
 * a file of their own as each conversation is planned, and read back a chunk at a time inside the
 * transaction that writes them (lib/export/import.ts). So a 500 MB export costs the memory of one
 * conversation's rows, not of all of them, and the transaction is still one: all or nothing.
 * Only the new threads' ids stay in memory (the answer names them). The files live in the
 * import's temporary directory, removed with it.
 */

export type PlanTable = keyof ImportPlan;

/** Parents before children, as the foreign keys require. */
export const TABLES = [
  "workspaces",
  "threads",
  "messages",
  "summaries",
  "compactions",
  "files",
  "versions",
  "routines",
  "runs",
  "attachments",
] as const satisfies PlanTable[];
// A table the plan gains but this list lacks would be planned and never written: a compile error instead.
const everyTable: Exclude<PlanTable, (typeof TABLES)[number]> extends never ? true : never = true;
void everyTable;

// Every date column of a plan row is named ...At (or scheduledFor); JSON carries them as ISO strings.
const DATE_KEY = /At$|^scheduledFor$/;
const revive = (key: string, value: unknown) => (typeof value === "string" && DATE_KEY.test(key) ? new Date(value) : value);

export class PlanSpool {
  readonly threadIds: string[] = [];
  /** Rows added, of every table. */
  rows = 0;
  private readonly fds = new Map<PlanTable, number>();

  constructor(private readonly dir: string) {}

  /** Appends a plan's rows (one conversation's, or a whole export's). */
  add(plan: ImportPlan): void {
    for (const table of TABLES) {
      const rows = plan[table] as object[];
      if (rows.length === 0) continue;
      let fd = this.fds.get(table);
      if (fd === undefined) this.fds.set(table, (fd = openSync(this.file(table), "a")));
      writeSync(fd, rows.map((r) => `${JSON.stringify(r)}\n`).join(""));
      this.rows += rows.length;
    }
    this.threadIds.push(...plan.threads.map((t) => t.id));
  }

  /** A table's rows back in the order they were added, a chunk at most `limit.rows` rows or about `limit.bytes` of JSON. */
  async *chunks<T extends PlanTable>(table: T, limit: { rows: number; bytes: number }): AsyncGenerator<ImportPlan[T]> {
    if (!this.fds.has(table)) return;
    let chunk: object[] = [];
    let bytes = 0;
    const lines = createInterface({ input: createReadStream(this.file(table)), crlfDelay: Infinity });
    for await (const line of lines) {
      chunk.push(JSON.parse(line, revive) as object);
      bytes += line.length;
      if (chunk.length === limit.rows || bytes >= limit.bytes) {
        yield chunk as ImportPlan[T];
        chunk = [];
        bytes = 0;
      }
    }
    if (chunk.length) yield chunk as ImportPlan[T];
  }

  /** Closes the files (the directory is removed by whoever made it). */
  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }

  private file(table: PlanTable) {
    return path.join(this.dir, `${table}.jsonl`);
  }
}
