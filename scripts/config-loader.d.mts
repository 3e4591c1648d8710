export declare const NATIVE_CONFIG_LOADER: string;
export declare function useNativeConfigLoader(
  env?: Record<string, string | undefined>,
  features?: { typescript?: string | false },
): boolean;
