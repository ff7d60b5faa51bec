/**
 * Coded, path-precise problems with user input (scenario files, share links, CLI flags). Every
 * code is listed in docs/errors.md; the UI and the CLI print `CODE path: message`.
 */
export const ISSUE_CODES = {
  SCN001: 'The text is not valid JSON',
  SCN002: 'Unsupported scenario version',
  SCN003: 'A number is out of range',
  SCN004: 'A value has the wrong type',
  SCN005: 'An unknown field',
  SCN006: 'Not one of the allowed choices',
  SCN007: 'Text too long, too many items, or a malformed string',
  SCN008: 'The workload does not match the system (one program per processor)',
  SCN009: 'Inconsistent cache geometry',
  SCN010: 'An address that is not word-aligned',
  SCN011:
    'Registered memory regions that overlap, do not start on a block, or do not hold the message',
  LNK001: 'Unknown share-link version or format',
  LNK002: 'The share link is corrupt or truncated',
  LNK003: 'Unknown built-in scenario',
  LNK004: 'A share-link parameter is malformed',
  LNK005: 'A bad override (path=value)',
  CLI001: 'Unknown command-line option',
  CLI002: 'A command-line option has a bad value',
  CLI003: 'A file cannot be read',
  CLI004: 'A required argument is missing',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

export interface InputIssue {
  code: IssueCode;
  /** Dotted path into the input (`system.nodes`, `workload.programs.0.2.addr`), or '' for the whole. */
  path: string;
  message: string;
}

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E>(error: E): Result<never, E> => ({ ok: false, error });

export function formatIssue(issue: InputIssue): string {
  return `${issue.code} ${issue.path === '' ? '(scenario)' : issue.path}: ${issue.message}`;
}

/** A short, safe rendering of a user's value for a message (never the whole of a long string). */
export function showValue(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'string'
        ? JSON.stringify(value)
        : value === undefined
          ? 'nothing'
          : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}
