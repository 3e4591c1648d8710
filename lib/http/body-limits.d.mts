export declare function chatBodyLimit(maxMessageChars: number): number;
export declare function fileBodyLimit(maxFileBytes: number): number;
export declare const ACTION_BODY_LIMIT: number;
export declare function importBodyLimit(maxImportBytes: number): number;
export declare function bodyLimitFor(
  url: string | undefined,
  settings: { MAX_MESSAGE_CHARS: number; MAX_FILE_BYTES: number; MAX_IMPORT_BYTES: number; MAX_ATTACHMENT_BYTES: number },
): number;
export declare function isImportPath(url: string | undefined): boolean;
export declare function attachmentsBodyLimit(maxAttachmentBytes: number): number;
export declare function isAttachmentsPath(url: string | undefined): boolean;
export declare function isUploadPath(url: string | undefined): boolean;
