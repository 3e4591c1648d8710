import type { OriginRequest } from "./origin-rules.mjs";

export declare function isDocumentRequest(url: string, header: OriginRequest["header"]): boolean;
export declare function pagePolicy(req: OriginRequest, opts: { dev: boolean; trustProxy: boolean }): { nonce: string; csp: string };
