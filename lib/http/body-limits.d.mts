export declare function chatBodyLimit(maxMessageChars: number): number;
export declare function fileBodyLimit(maxFileBytes: number): number;
export declare const ACTION_BODY_LIMIT: number;
export declare function largestBodyLimit(settings: { MAX_MESSAGE_CHARS: number; MAX_FILE_BYTES: number }): number;
