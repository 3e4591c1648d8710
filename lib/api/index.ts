/*
 * The API's request and response types, once, for routes and components alike. Type-only: nothing
 * here exists at run time, so importing it never pulls server code into the browser bundle.
 * Request types are inferred from the zod schemas that validate them (lib/http/schemas.ts,
 * lib/workspace/http.ts); response types are derived from the server's return types where one exists.
 */
export type * from "./account";
export type * from "./actions";
export type * from "./attachments";
export type * from "./context";
export type * from "./errors";
export type * from "./events";
export type * from "./export";
export type * from "./mcp-servers";
export type * from "./messages";
export type * from "./mcp";
export type * from "./model";
export type * from "./pins";
export type * from "./resume";
export type * from "./routines";
export type * from "./search";
export type * from "./server-actions";
export type * from "./threads";
export type * from "./wire";
export type * from "./workspace";
