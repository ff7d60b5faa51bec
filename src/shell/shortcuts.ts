/** Keyboard shortcuts: one table drives both the key handler and the help overlay. */
import { actions, useApp } from '../state/store';
import { lecture, useLecture } from '../lecture/lecture-store';

export interface Shortcut {
  keys: string[];
  label: string;
  run: () => void;
  /** Only while this holds (e.g. PageDown is the next step only in presentation mode). */
  when?: () => boolean;
}

const presenting = () => useLecture.getState().present;
/** An embedded frame shows the views its link chose: nothing toggles a panel there. */
const notEmbedded = () => !useLecture.getState().embed;

export const shortcuts: Shortcut[] = [
  { keys: ['ArrowRight', 'l'], label: 'Step forward one cycle', run: () => void actions.step(1) },
  { keys: ['ArrowLeft', 'h'], label: 'Step back one cycle', run: () => void actions.step(-1) },
  { keys: ['Shift+ArrowRight', ']'], label: 'Next event', run: () => void actions.nextEvent() },
  { keys: ['Shift+ArrowLeft', '['], label: 'Previous event', run: () => void actions.prevEvent() },
  { keys: [' ', 'k'], label: 'Play / pause', run: () => actions.togglePlay() },
  { keys: ['Home'], label: 'Go to cycle 0', run: () => void actions.seek(0) },
  {
    keys: ['End'],
    label: 'Go to the last cycle',
    run: () => void actions.seek(useApp.getState().exploration.lastCycle),
  },
  { keys: ['+', '='], label: 'Play faster', run: () => actions.faster() },
  { keys: ['-'], label: 'Play slower', run: () => actions.slower() },
  {
    keys: ['g'],
    label: 'Jump to a cycle (focus the cycle box)',
    run: () => document.getElementById('jump-cycle')?.focus(),
  },
  { keys: ['n'], label: 'Next lecture step', run: () => lecture.nextStep() },
  { keys: ['p'], label: 'Previous lecture step', run: () => lecture.previousStep() },
  {
    keys: ['PageDown'],
    label: 'Next lecture step (presentation mode; a clicker sends it)',
    run: () => lecture.nextStep(),
    when: presenting,
  },
  {
    keys: ['PageUp'],
    label: 'Previous lecture step (presentation mode)',
    run: () => lecture.previousStep(),
    when: presenting,
  },
  {
    keys: ['w'],
    label: 'Hide or show the walkthrough notes',
    run: () => lecture.toggleNotes(),
    when: notEmbedded,
  },
  {
    keys: ['f'],
    label: 'Presentation mode on / off (large type, high contrast, no menus)',
    run: () => lecture.togglePresent(),
    when: notEmbedded,
  },
  {
    keys: ['?'],
    label: 'Show or hide this help',
    run: () => actions.setHelp(!useApp.getState().helpOpen),
  },
  {
    keys: ['Escape'],
    label: 'Close help and messages; leave presentation mode or the start page',
    run: () => {
      const helpWasOpen = useApp.getState().helpOpen;
      actions.setHelp(false);
      actions.dismissProblem();
      if (!helpWasOpen) lecture.escape();
    },
  },
];

export const keyLabel = (key: string): string =>
  key
    .replace('ArrowRight', '→')
    .replace('ArrowLeft', '←')
    .replace('Shift+', 'Shift + ')
    .replace(/^Page(Up|Down)$/, 'Page $1')
    .replace(/^ $/, 'Space');

function keyOf(e: KeyboardEvent): string {
  const named = e.key.length > 1 && e.shiftKey ? `Shift+${e.key}` : e.key;
  return named;
}

/** Ignores keys typed into fields and keys with Ctrl/Alt/Meta (browser shortcuts stay intact). */
export function handleShortcut(e: KeyboardEvent): void {
  if (e.ctrlKey || e.altKey || e.metaKey) return;
  const target = e.target as HTMLElement | null;
  const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
  if (typing && e.key !== 'Escape') return;
  if (
    target?.closest('button, a, [role="button"], [tabindex]') &&
    (e.key === ' ' || e.key === 'Enter')
  )
    return;
  // Inside a focused scroll region the arrow keys scroll it, as a keyboard user expects.
  if (target?.closest('[role="region"]') && e.key.startsWith('Arrow')) return;
  const key = keyOf(e);
  // A modal dialog has the keyboard: it closes itself on Escape; only ? (help) still toggles.
  if (target?.closest('dialog[open]') && key !== '?') return;
  // The start page has no simulator on screen: only help and Escape work there.
  if (useLecture.getState().startOpen && key !== '?' && key !== 'Escape') return;
  const shortcut = shortcuts.find((s) => s.keys.includes(key) && (s.when?.() ?? true));
  if (!shortcut) return;
  e.preventDefault();
  shortcut.run();
}
