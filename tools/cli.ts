/**
 * The command-line tools' one way of reading their flags and printing their help. Each tool
 * declares its options, positional arguments and exit codes once (a ToolSpec); `runTool` then
 * answers `--help`/`-h` on stdout with exit 0 (before doing anything else), refuses an unknown
 * flag (CLI001) or a flag without its value or with an over-long one (CLI002) with exit 2, and
 * otherwise runs the tool with what it read. See docs/cli.md.
 */
import { formatIssue, type InputIssue } from '../sim-core/index';
import { OVERRIDE_LIMITS } from '../sim-core/scenario/limits';

export interface OptionSpec {
  /** `--seed`. */
  name: string;
  /** The value's placeholder (`N`, `path=value`), or several for a flag that takes more. */
  value?: string | readonly string[];
  /** May be given more than once (each value is kept). */
  repeat?: boolean;
  help: string;
}

export interface ToolSpec {
  /** The npm script: `sim` runs as `npm run sim`. */
  name: string;
  summary: string;
  /** The forms of the command, each a line after `npm run <name>`. */
  usage: readonly string[];
  options: readonly OptionSpec[];
  /** The positional arguments: their name in messages and how many the tool takes at most. */
  positionals?: { name: string; max: number };
  exitCodes: readonly (readonly [number, string])[];
  /** Where the tool is documented. */
  docs?: string;
}

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const consoleOutput: Output = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** What a command line said: each flag's values in order (a flag without value: []), positionals. */
export interface Args {
  flags: Map<string, string[][]>;
  positionals: string[];
}

export const has = (args: Args, name: string) => args.flags.has(name);
/** The last value given to a flag (its first value when it takes several). */
export const valueOf = (args: Args, name: string): string | undefined =>
  args.flags.get(name)?.at(-1)?.[0];
export const valuesOf = (args: Args, name: string): string[][] => args.flags.get(name) ?? [];

const HELP: OptionSpec = { name: '--help', help: 'Print this help on stdout and exit with 0.' };

/** Arguments a command line may hold, and characters in one (a `--set` carries JSON). */
const MAX_ARGS = 1000;
const MAX_ARG_LENGTH = OVERRIDE_LIMITS.text;

export type Reading =
  { kind: 'help' } | { kind: 'args'; args: Args } | { kind: 'bad'; issue: InputIssue };

const placeholders = (o: OptionSpec): readonly string[] =>
  o.value === undefined ? [] : typeof o.value === 'string' ? [o.value] : o.value;

export function readCommandLine(spec: ToolSpec, argv: readonly string[]): Reading {
  if (argv.some((a) => a === '--help' || a === '-h')) return { kind: 'help' };
  const usage = `\n${usageText(spec)}`;
  if (argv.length > MAX_ARGS) return bad('CLI002', '', `more than ${MAX_ARGS} arguments`);
  const long = argv.findIndex((a) => a.length > MAX_ARG_LENGTH);
  if (long >= 0)
    return bad(
      'CLI002',
      argv[long]!.slice(0, 40),
      `an argument is at most ${MAX_ARG_LENGTH.toLocaleString('en')} characters`,
    );
  const args: Args = { flags: new Map(), positionals: [] };
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (onlyPositionals || a === '-' || !a.startsWith('-')) {
      const max = spec.positionals?.max ?? 0;
      if (args.positionals.length >= max)
        return bad(
          'CLI001',
          a.slice(0, 60),
          max === 0
            ? `unexpected argument (this command takes none)${usage}`
            : `unexpected argument (at most ${max} ${spec.positionals!.name})${usage}`,
        );
      args.positionals.push(a);
      continue;
    }
    if (a === '--') {
      onlyPositionals = true;
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const option = spec.options.find((o) => o.name === name);
    if (!option) return bad('CLI001', name.slice(0, 60), `unknown option${usage}`);
    const wanted = placeholders(option);
    const values: string[] = [];
    if (eq > 0 && name !== a) {
      if (wanted.length !== 1)
        return bad(
          'CLI002',
          name,
          wanted.length === 0 ? 'takes no value' : `takes ${wanted.join(' ')}`,
        );
      values.push(a.slice(eq + 1));
    } else
      for (let n = 0; n < wanted.length; n++) {
        const v = argv[i + 1];
        if (v === undefined || /^--[a-z]/.test(v))
          return bad(
            'CLI002',
            name,
            `a value is missing (${name} ${wanted.join(' ')})${v === undefined ? '' : `, got the option ${v.slice(0, 40)}`}`,
          );
        values.push(v);
        i++;
      }
    args.flags.set(name, [...(args.flags.get(name) ?? []), values]);
  }
  return { kind: 'args', args };
}

const bad = (code: InputIssue['code'], path: string, message: string): Reading => ({
  kind: 'bad',
  issue: { code, path, message },
});

export function usageText(spec: ToolSpec): string {
  return spec.usage
    .map(
      (line, i) =>
        `${i === 0 ? 'usage: ' : '       '}npm run ${spec.name}${line === '' ? '' : ` -- ${line}`}`,
    )
    .join('\n');
}

/** The help: what the tool does, its forms, its options, its exit codes and where it is documented. */
export function helpText(spec: ToolSpec): string {
  const options = [...spec.options, HELP].map((o) => {
    const head = [o.name === '--help' ? '-h, --help' : o.name, ...placeholders(o)].join(' ');
    return [head, o.help] as const;
  });
  const width = Math.min(28, Math.max(...options.map(([h]) => h.length)));
  const lines = [
    `npm run ${spec.name}: ${spec.summary}`,
    '',
    usageText(spec),
    '',
    'Options:',
    ...options.map(([h, text]) =>
      h.length > width
        ? `  ${h}\n  ${' '.repeat(width)}  ${text}`
        : `  ${h.padEnd(width)}  ${text}`,
    ),
    '',
    'Exit codes:',
    ...spec.exitCodes.map(([code, text]) => `  ${code}  ${text}`),
    '',
    `Problems are printed on stderr as "CODE path: message" (docs/errors.md). More: ${spec.docs ?? 'docs/cli.md'}`,
  ];
  return lines.join('\n');
}

/**
 * Reads the command line and runs `main` (or prints the help, or the coded problem with exit
 * 2). Returns the exit status; `runTool` sets it as the process's.
 */
export function runCommand<T extends number | Promise<number>>(
  spec: ToolSpec,
  argv: readonly string[],
  main: (args: Args, io: Output) => T,
  io: Output = consoleOutput,
): T | number {
  const reading = readCommandLine(spec, argv);
  if (reading.kind === 'help') {
    io.out(helpText(spec));
    return 0;
  }
  if (reading.kind === 'bad') {
    io.err(formatIssue(reading.issue));
    return 2;
  }
  return main(reading.args, io);
}

/** `runCommand` for a tool's entry point: sets the exit status; a reader that stops early (`| head`) is fine. */
export function runTool(
  spec: ToolSpec,
  argv: readonly string[],
  main: (args: Args, io: Output) => number | Promise<number>,
): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  void Promise.resolve(runCommand(spec, argv, main)).then((status) => {
    process.exitCode = status;
  });
}

/**
 * For a script whose work runs at the top level: reads the command line first, and on --help
 * or a wrong flag prints and exits at once (nothing after it runs); else returns the flags.
 */
export function startTool(spec: ToolSpec, argv: readonly string[]): Args {
  const reading = readCommandLine(spec, argv);
  if (reading.kind === 'args') return reading.args;
  if (reading.kind === 'help') console.log(helpText(spec));
  else console.error(formatIssue(reading.issue));
  process.exit(reading.kind === 'help' ? 0 : 2);
}

/** An integer flag's value in min..max, or the CLI002 issue. */
export function intFlag(
  flag: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | InputIssue {
  if (raw === undefined || !/^\d{1,10}$/.test(raw) || Number(raw) > max || Number(raw) < min)
    return {
      code: 'CLI002',
      path: flag,
      message: `expected an integer ${min}..${max}, got ${raw === undefined ? 'nothing' : JSON.stringify(raw.slice(0, 40))}`,
    };
  return Number(raw);
}
