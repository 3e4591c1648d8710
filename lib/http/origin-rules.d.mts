export declare const PEER_HEADER: string;
export type OriginRequest = { header: (name: string) => string | null | undefined; url?: string };
export type OriginRules = { appUrl?: string; trustProxy: boolean; peerToken?: string };
export declare function peerOf(
  header: OriginRequest["header"],
  token: string | undefined,
): { remote: string; local: string; port: string } | null;
export declare function ownOrigin(req: OriginRequest | undefined, rules: OriginRules): string | null;
export declare function pageOrigin(req: OriginRequest, rules: OriginRules): string | null;
export declare function acceptsOrigin(origin: string, req: OriginRequest, rules: OriginRules): boolean;
export declare function isCrossSite(req: OriginRequest, rules: OriginRules): boolean;
export declare function requestProtocol(req: OriginRequest, trustProxy: boolean): "https:" | "http:";
