/*
 * The largest request bodies the app takes, in bytes. Shared by the routes and the server in front
 * of Next (scripts/serve.mjs), which reads a body whole before Next sees it and refuses one larger
 * than any route takes with a 413, so no route ever answers a body it stopped reading halfway.
 * Plain JavaScript, because that server runs untranspiled.
 */

/** POST /api/chat: the message (up to 4 bytes a character) and the rest of the chat request. */
export const chatBodyLimit = (maxMessageChars) => maxMessageChars * 4 + 16_384;

/** PUT of a workspace file: JSON escaping can grow content up to 6x (\u0001); the store enforces the real byte cap. */
export const fileBodyLimit = (maxFileBytes) => maxFileBytes * 6 + 4096;

/** A server action's arguments: Next's own cap (serverActions.bodySizeLimit, 1 MB unless next.config.mjs says otherwise). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/** The largest body any route takes: larger ones are refused before Next. */
const largestBodyLimit = ({ MAX_MESSAGE_CHARS, MAX_FILE_BYTES }) =>
  Math.max(chatBodyLimit(MAX_MESSAGE_CHARS), fileBodyLimit(MAX_FILE_BYTES), 16_384);

/** POST /api/import: one file of at most MAX_IMPORT_BYTES, plus the multipart framing around it. */
export const importBodyLimit = (maxImportBytes) => maxImportBytes + 16_384;

/** POST /api/threads/:id/attachments: files of at most MAX_ATTACHMENT_BYTES in all, plus the multipart framing. */
export const attachmentsBodyLimit = (maxAttachmentBytes) => maxAttachmentBytes + 65_536;

/**
 * What the server in front of Next reads of a request to `url` before refusing it: the import route
 * takes a whole export file, every other route at most `largestBodyLimit`, so a large body aimed
 * anywhere else is still refused before it is buffered.
 */
export const bodyLimitFor = (url, settings) =>
  isImportPath(url)
    ? importBodyLimit(settings.MAX_IMPORT_BYTES)
    : isAttachmentsPath(url)
      ? attachmentsBodyLimit(settings.MAX_ATTACHMENT_BYTES)
      : largestBodyLimit(settings);

/** Whether `url` (a request's path and query) is POST /api/import's: the one route that takes a multipart body. */
export const isImportPath = (url) => (url ?? "").split("?")[0] === "/api/import";

/** Whether `url` is POST /api/threads/:id/attachments's (an upload of attached files). */
export const isAttachmentsPath = (url) => /^\/api\/threads\/[A-Za-z0-9_-]{1,64}\/attachments$/.test((url ?? "").split("?")[0]);

/** The routes that take a multipart body (route handlers, never server actions). */
export const isUploadPath = (url) => isImportPath(url) || isAttachmentsPath(url);
