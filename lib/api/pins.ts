import type { PinState } from "@/lib/pins/pins";
import type { Wire } from "./wire";

/** GET /api/threads/:id/pins, and the answer of pinning or unpinning a message. */
export type ApiPinState = Wire<PinState>;
