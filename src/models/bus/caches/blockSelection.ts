/**
 * The cross-view block selection: any row naming a block selects it by click, Enter or Space, and
 * every view highlights rows of the selected block. Selecting the selected block again clears it.
 */
import type { KeyboardEvent } from 'react';
import { actions, useApp } from '../../../state/store';

export function useSelectedBlock(): number | null {
  return useApp((s) => (s.selection?.kind === 'block' ? s.selection.block : null));
}

export function selectableRow(block: number, selected: boolean) {
  const toggle = () => actions.select(selected ? null : { kind: 'block', block });
  return {
    tabIndex: 0,
    'aria-selected': selected,
    onClick: toggle,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      // Keep Space from also reaching the global play/pause shortcut.
      e.preventDefault();
      e.stopPropagation();
      toggle();
    },
  };
}
