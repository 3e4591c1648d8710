import { currentCaller } from "@/lib/auth/session";
import { downloadResponse } from "@/lib/export/download";
import { exportAccount } from "@/lib/export/read-export";
import { AppError } from "@/lib/errors";
import { handler } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/parse-query";
import { noQuerySchema } from "@/lib/http/schemas";

/** Every live chat of the caller in our export format, with their routines and profile: one JSON download. */
export const GET = handler(async (req) => {
  parseQuery(req, noQuerySchema);
  const caller = await currentCaller();
  // A visitor without a session has no data; a GET never creates a guest (lib/auth/session.ts).
  if (caller.kind === "nobody") throw new AppError("unauthorized", "There is no account or guest session in this browser to export.");
  const doc = await exportAccount(caller.userId, caller.kind);
  return downloadResponse(JSON.stringify(doc, null, 1), `longrun-chat-${doc.exportedAt.slice(0, 10)}`, "json");
});
