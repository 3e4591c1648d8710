export declare const MAX_JSON_DEPTH: number;
export declare function jsonDepth(text: string): number;
