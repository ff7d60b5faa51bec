/**
 * A course roster (student ids and names) held against a batch of graded submissions. A
 * submission's id and name are whatever the student typed, and the id alone picks the student's
 * personal values, so a student could answer with a classmate's id — a classmate with easier
 * values, or one whose answers they have — or invent one. The roster makes that visible (SUB011):
 * an id not on the roster, a name that is not the roster's for that id, and a file named after
 * one student that carries another's id (a course system that names uploads by their uploader
 * gives the grader an identity the student did not type). Roster students with no submission are
 * listed too. The grader flags; the lecturer decides. See docs/teaching/README.md ("Rosters").
 */
import { normaliseStudentId } from './hashing';
import type { BatchReport } from './grade';

export interface RosterEntry {
  id: string;
  name: string;
}

/** Names as compared: NFKC, case and spacing ignored ("ada  LOVELACE" is "Ada Lovelace"). */
export const normaliseName = (name: string): string =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The file's own name and its folder's, without `.json`: where a course system puts the uploader. */
function fileNames(source: string): string[] {
  const parts = source.split(/[\\/]/).filter((p) => p !== '');
  return parts.slice(-2).map((p) => normaliseStudentId(p.replace(/\.json$/i, '')));
}

/**
 * Adds a SUB011 problem to each report whose student is not on the roster, whose name does not
 * match, or whose file is named after another roster student; returns the roster students with
 * no submission. Reports without a student (unreadable files) are left as they are.
 */
export function checkRoster(
  reports: BatchReport[],
  roster: readonly RosterEntry[],
): { missing: RosterEntry[] } {
  const byId = new Map(roster.map((r) => [normaliseStudentId(r.id), r]));
  const submitted = new Set<string>();
  for (const r of reports) {
    const uploader = fileNames(r.source).find((n) => byId.has(n));
    if (!r.student) {
      if (uploader) submitted.add(uploader);
      continue;
    }
    const id = normaliseStudentId(r.student.id);
    const entry = byId.get(id);
    if (uploader && uploader !== id)
      r.problems.push({
        code: 'SUB011',
        path: 'student.id',
        message: `the file is named for ${byId.get(uploader)!.id} but carries the id "${r.student.id}"${entry ? `, another student on the roster` : ''}: graded with that id's personal values`,
      });
    if (uploader) submitted.add(uploader);
    if (!entry) {
      r.problems.push({
        code: 'SUB011',
        path: 'student.id',
        message: `"${r.student.id}" is not on the roster`,
      });
      continue;
    }
    submitted.add(id);
    if (entry.name !== '' && normaliseName(r.student.name) !== normaliseName(entry.name))
      r.problems.push({
        code: 'SUB011',
        path: 'student.name',
        message: `"${r.student.name}" is not the roster's name for ${entry.id} ("${entry.name}")`,
      });
  }
  return { missing: roster.filter((r) => !submitted.has(normaliseStudentId(r.id))) };
}
