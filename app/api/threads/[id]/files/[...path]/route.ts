import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { workspaceForThread } from "@/lib/workspace/access";
import { listVersions, readVersion, restoreVersion } from "@/lib/workspace/history";
import {
  joinSegments,
  positiveIntParam,
  putBodyLimit,
  putFileSchema,
  renameSchema,
  resolveGet,
  resolvePost,
  restoreSchema,
  undeleteSchema,
  SMALL_BODY_LIMIT,
} from "@/lib/workspace/http";
import { deleteFile, readFile, renameFile, writeFile } from "@/lib/workspace/store";
import { undeleteFile } from "@/lib/workspace/undelete";

// URL scheme (and the "versions"/"restore" suffix rule) documented in lib/workspace/http.ts.
type P = { id: string; path: string[] };

export const GET = handler<P>(async (req, { id, path }) => {
  const workspaceId = await workspaceForThread(await currentUserId(), id);
  const route = resolveGet(path, new URL(req.url).searchParams);
  if (route.kind === "versions") return Response.json({ versions: await listVersions(workspaceId, route.path, route) });
  if (route.kind === "version") return Response.json({ version: await readVersion(workspaceId, route.path, route.version) });
  return Response.json({ file: await readFile(workspaceId, route.path) });
});

export const PUT = handler<P>(async (req, { id, path }) => {
  const workspaceId = await workspaceForThread(await currentUserId(), id);
  const { content, baseVersion } = await parseBody(req, putFileSchema, putBodyLimit());
  const file = await writeFile(workspaceId, { path: joinSegments(path), content, baseVersion, author: "person" });
  return Response.json({ file }, { status: baseVersion === null ? 201 : 200 });
});

export const DELETE = handler<P>(async (req, { id, path }) => {
  const workspaceId = await workspaceForThread(await currentUserId(), id);
  const baseVersion = positiveIntParam("baseVersion", new URL(req.url).searchParams.get("baseVersion"));
  await deleteFile(workspaceId, joinSegments(path), { baseVersion, author: "person" });
  return new Response(null, { status: 204 });
});

export const POST = handler<P>(async (req, { id, path }) => {
  const workspaceId = await workspaceForThread(await currentUserId(), id);
  const route = resolvePost(path, new URL(req.url).searchParams);
  if (route.kind === "rename") {
    const { to, baseVersion } = await parseBody(req, renameSchema, SMALL_BODY_LIMIT);
    return Response.json({ file: await renameFile(workspaceId, route.path, to, { baseVersion }) });
  }
  if (route.kind === "undelete") {
    const { deletedVersion } = await parseBody(req, undeleteSchema, SMALL_BODY_LIMIT);
    return Response.json(await undeleteFile(workspaceId, route.path, deletedVersion));
  }
  const { version, baseVersion } = await parseBody(req, restoreSchema, SMALL_BODY_LIMIT);
  return Response.json({ file: await restoreVersion(workspaceId, route.path, version, { baseVersion }) });
});
