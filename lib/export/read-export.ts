import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDoc, type ProfileExport, type ThreadExport } from "./format";
import { exportThreadSelect, readThreadExport, readWorkspaceExport } from "./read-thread";

/*
 * The two export documents: one thread, or a person's whole account. Both read only rows reached
 * from the caller's own threads (the thread query filters by userId and deletedAt), so another
 * user's thread is a 404 and nothing of it is read.
 */

const THREADS_PAGE = 100;

/** One of the caller's live threads, with its workspace (and its routine's, when that differs). */
export async function exportThread(userId: string, threadId: string): Promise<ExportDoc> {
  const row = await db().thread.findFirst({ where: { id: threadId, userId, deletedAt: null }, select: exportThreadSelect });
  if (!row) throw notFound();
  const thread = await readThreadExport(row);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    kind: "thread",
    exportedAt: new Date().toISOString(),
    ...(await withWorkspaces([thread])),
  };
}

/** Every live thread of the caller (routine threads included), oldest first, and their profile. */
export async function exportAccount(userId: string, kind: "account" | "guest"): Promise<ExportDoc> {
  const threads: ThreadExport[] = [];
  for (let after: { createdAt: Date; id: string } | null = null; ;) {
    const rows: Array<Parameters<typeof readThreadExport>[0]> = await db().thread.findMany({
      where: {
        userId,
        deletedAt: null,
        ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: THREADS_PAGE,
      select: exportThreadSelect,
    });
    for (const row of rows) threads.push(await readThreadExport(row));
    if (rows.length < THREADS_PAGE) break;
    after = rows[rows.length - 1];
  }
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    kind: "account",
    exportedAt: new Date().toISOString(),
    profile: await readProfile(userId, kind),
    ...(await withWorkspaces(threads)),
  };
}

/** Each workspace the threads (and their routines) name, written once however many threads share it. */
async function withWorkspaces(threads: ThreadExport[]): Promise<Pick<ExportDoc, "workspaces" | "threads">> {
  const ids = [...new Set(threads.flatMap((t) => [t.workspaceId, ...(t.routine ? [t.routine.workspaceId] : [])]))];
  const workspaces = [];
  for (const id of ids) workspaces.push(await readWorkspaceExport(id));
  return { workspaces, threads };
}

/** The person's own profile fields: never a password hash, token or session (lib/export/format.ts). */
async function readProfile(userId: string, kind: "account" | "guest"): Promise<ProfileExport> {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { createdAt: true } });
  const account =
    kind === "account"
      ? await db().authUser.findUnique({ where: { id: userId }, select: { name: true, email: true, emailVerified: true, image: true } })
      : null;
  return {
    kind,
    createdAt: user.createdAt.toISOString(),
    name: account?.name ?? null,
    email: account?.email ?? null,
    emailVerified: account?.emailVerified ?? null,
    image: account?.image ?? null,
  };
}
