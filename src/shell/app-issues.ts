/**
 * Codes of the app's own failures (not of user input, which sim-core/scenario/issues.ts codes):
 * shown where the failure is, with the code a lecturer can look up in docs/errors.md.
 */
export const APP_ISSUE_CODES = {
  APP001: 'A panel could not be drawn',
} as const;

export type AppIssueCode = keyof typeof APP_ISSUE_CODES;
