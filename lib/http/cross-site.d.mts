export type HeaderOf = (name: string) => string | null | undefined;
export declare function isCrossSite(header: HeaderOf, own: { origin: string } | { host: string }): boolean;
export declare function actionOwnOrigin(
  header: HeaderOf,
  settings: { appUrl?: string; trustProxy: boolean },
): { origin: string } | { host: string };
