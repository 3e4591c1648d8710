import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";

/** GET /api/cron/routines is for the platform's cron only: `Authorization: Bearer $CRON_SECRET`. */
export function assertCronAuthorized(req: Request): void {
  const secret = config().CRON_SECRET;
  const given = req.headers.get("authorization") ?? "";
  const expected = `Bearer ${secret ?? ""}`;
  // Digests have one length whatever was sent (a header's characters need not be one byte each).
  const ok = !!secret && timingSafeEqual(digest(given), digest(expected));
  if (!ok)
    throw new AppError(
      "unauthorized",
      secret ? "Missing or wrong bearer token" : "CRON_SECRET is not set on the server, so the cron route is disabled",
    );
}

const digest = (s: string) => createHash("sha256").update(s).digest();
