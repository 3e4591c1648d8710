import type { OfflineBehaviour } from "@/lib/ai/offline/behaviours";
import { planWorkStep } from "./work-mode";

/*
 * What the resume harness registers in the offline model (tests/support/work-mode.preload.mjs, run
 * by `npm run bench -- resume`, the integration tests and the e2e servers; never by `npm start`).
 * The work mode follows the fixture's plan format, so it is test scaffolding, not part of the model.
 */
export const offlineBehaviours: OfflineBehaviour[] = [{ name: "work mode (resume fixture)", reply: planWorkStep }];
