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
  SCN011: 'The scenario is too large or nested too deeply',
  SCN012: 'A transfer larger than the receive posted for it',
  SCN013: 'A length or offset that is not aligned where alignment is asked',
  SCN014: 'An operation that names what the scenario does not have',
  SCN015:
    'Registered memory regions that overlap, do not start on a block, or do not hold the message',
  SCN016: 'Settings that contradict one another',
  LNK001: 'Unknown share-link version or format',
  LNK002: 'The share link is corrupt or truncated',
  LNK003: 'Unknown built-in scenario',
  LNK004: 'A share-link parameter is malformed',
  LNK005: 'A bad override (path=value)',
  LNK006: 'The share link is too long, or its scenario unpacks to too much text',
  CLI001: 'Unknown command-line option',
  CLI002: 'A command-line option has a bad value',
  CLI003: 'A file cannot be read',
  CLI004: 'A required argument is missing',
  CLI005: 'A file is too large, or is not a regular file (a folder, a named pipe, a device)',
  CLI006: 'The roster is not a CSV of student ids and names',
  SIM001: 'The simulator failed while loading (a defect in NI Lab, not in your input)',
  SIM002: "The run would pass the simulator's memory budget: it is explored up to a cycle",
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

/** The longest rendering of a value in a message. */
const SHOWN = 40;

/**
 * A short, safe rendering of a user's value for a message: JSON-like, at most two levels and
 * three items deep (`{"a":[1,2,…],…}`), cut at 40 characters. Never the whole of a long string,
 * never `[object Object]`, never a recursion deeper than two levels, whatever the value holds.
 */
export function showValue(value: unknown): string {
  let text: string;
  try {
    text = render(value, 2);
  } catch {
    text = typeof value; // a getter that throws: say what it is
  }
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
}

function render(value: unknown, levels: number): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > SHOWN ? value.slice(0, SHOWN) : value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'nothing';
    case 'bigint':
      return `${value}n`;
    case 'object':
      break;
    default:
      return `a ${typeof value}`;
  }
  if (value === null) return 'null';
  const list = Array.isArray(value);
  const keys = list ? null : Object.keys(value);
  const count = list ? value.length : keys!.length;
  if (count === 0) return list ? '[]' : '{}';
  if (levels === 0) return list ? '[…]' : '{…}';
  const items: string[] = [];
  for (let i = 0; i < Math.min(count, 3); i++) {
    const item = list ? value[i] : (value as Record<string, unknown>)[keys![i]!];
    const shown = render(item, levels - 1);
    items.push(list ? shown : `${JSON.stringify(keys![i]!.slice(0, SHOWN))}:${shown}`);
  }
  if (count > 3) items.push('…');
  return list ? `[${items.join(',')}]` : `{${items.join(',')}}`;
}
