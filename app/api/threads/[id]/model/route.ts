import { currentUserId } from "@/lib/auth/session";
import { handler } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/parse-body";
import { threadModelSchema } from "@/lib/http/schemas";
import { setThreadModel } from "@/lib/models/thread-model";

type P = { id: string };

export const PUT = handler<P>(async (req, { id }) => {
  const userId = await currentUserId();
  const { model } = await parseBody(req, threadModelSchema, 1024);
  await setThreadModel(userId, id, model);
  return Response.json({ model });
});
