import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next*/**",
      "lib/db/generated/**",
      "data/**",
      "test-data/**",
      "next-env.d.ts",
      "playwright-report/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // lib/context is the pure core: nothing from the database, the network, Next or React. The
    // routines' schedule math is pure too (the browser previews schedules), and so is lib/words
    // (how tool calls, actions and receipts read to a person, for the browser).
    files: ["lib/context/**/*.ts", "lib/routines/presets.ts", "lib/routines/schedule.ts", "lib/words/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["@/lib/db/*", "@/lib/chat/*", "next/*", "react", "node:*", "@prisma/*", "pg", "better-sqlite3"] },
      ],
    },
  },
  {
    // The browser side reaches the server only over HTTP: from lib/ it imports the API contracts
    // (type-only) and the pure helpers (lib/context), never the database, auth, or server modules.
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@/lib/**",
                "!@/lib/api",
                "!@/lib/api/**",
                "!@/lib/context",
                "!@/lib/context/**",
                "!@/lib/words",
                "!@/lib/words/**",
                "!@/lib/routines",
                "@/lib/routines/*",
                "!@/lib/routines/presets",
                "!@/lib/routines/schedule",
                "**/../lib/**",
              ],
              message:
                "components/ import only the API contracts (@/lib/api) and pure helpers (@/lib/context, @/lib/words, the routines' schedule math) from lib/; server data comes through components/api.",
            },
          ],
        },
      ],
    },
  },
  {
    // The contracts exist only as types, so importing them never pulls server code into the bundle.
    files: ["lib/api/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**", "*"], allowTypeImports: true, message: "lib/api is type-only: use `import type`." }],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "lib/**/*.mjs", "*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        crypto: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        TextDecoder: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        WebAssembly: "readonly",
        globalThis: "readonly",
      },
    },
  },
);
