import { createIdGenerator } from "ai";

/** Ids of the messages a turn stores (its user message and its reply), made before they are stored. */
export const newMessageId = createIdGenerator({ prefix: "msg", size: 20 });
