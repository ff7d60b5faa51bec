/** Under a line's state: the states it passed through in this cycle (see passages.ts). */
export function LinePassage({ states }: { states: readonly string[] | undefined }) {
  if (!states) return null;
  return (
    <span className="line-passage" data-testid="line-passage">
      this cycle: {states.join(' → ')}
    </span>
  );
}
