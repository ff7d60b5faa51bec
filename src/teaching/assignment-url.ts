/**
 * The assignment part of the URL fragment. `#v1?a=<id>` opens a built-in assignment and
 * `#v1?af=<id>` one this browser opened from a file; url-sync appends the parameter to the share
 * link while an assignment is open, so a reload comes back to it (and to the cycle shown). A
 * fragment without it, opened later (a scenario link, the start page), closes the assignment.
 */
import { readLink } from '../state/link';
import {
  readAssignmentParam,
  withAssignmentParam,
  withoutAssignmentParam,
} from './assignment-logic';
import { assignmentActions, useAssignment } from './assignment-store';

export type AssignmentOpening = 'none' | 'opened' | 'failed';

export async function openAssignmentFromUrl(fragment: string): Promise<AssignmentOpening> {
  const ref = readAssignmentParam(fragment);
  const state = useAssignment.getState();
  if (!ref) {
    if (state.assignment) assignmentActions.leave();
    return 'none';
  }
  // Already open (a reload of the same state, or Back from the start page): nothing to do.
  if (state.assignment && state.ref?.id === ref.id && state.ref.file === ref.file) return 'opened';
  const reading = readLink(withoutAssignmentParam(fragment));
  const cycle = reading.kind === 'link' ? reading.target.cycle : 0;
  const ok = ref.file
    ? await assignmentActions.reopenFile(ref.id, cycle)
    : await assignmentActions.openBuiltin(ref.id, cycle);
  return ok ? 'opened' : 'failed';
}

/** The share link with the open assignment's parameter (for url-sync). */
export function assignmentLink(link: string | null): string | null {
  const { assignment, ref } = useAssignment.getState();
  return assignment ? withAssignmentParam(link, ref) : link;
}
