export declare const COMMON_HEADERS: { key: string; value: string }[];
export declare const API_CSP: string;
