import type { z } from "zod";

export declare const SERVER_SETTINGS: {
  PORT: z.ZodType<number>;
  HOSTNAME: z.ZodType<string>;
  HTTP_HEADERS_TIMEOUT_MS: z.ZodType<number>;
  HTTP_REQUEST_TIMEOUT_MS: z.ZodType<number>;
  MAX_MESSAGE_CHARS: z.ZodType<number>;
  MAX_FILE_BYTES: z.ZodType<number>;
  MAX_IMPORT_BYTES: z.ZodType<number>;
  MAX_IMPORT_UNZIPPED_BYTES: z.ZodType<number>;
  MAX_IMPORT_WHOLE_JSON_BYTES: z.ZodType<number>;
  MAX_ATTACHMENT_BYTES: z.ZodType<number>;
  APP_URL: z.ZodType<string | undefined>;
  TRUST_PROXY: z.ZodType<boolean>;
};

export type ServerSettings = { [K in keyof typeof SERVER_SETTINGS]: z.infer<(typeof SERVER_SETTINGS)[K]> };

export declare function serverSettings(env: Record<string, string | undefined>): ServerSettings;
