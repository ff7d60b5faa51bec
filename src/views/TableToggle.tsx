/**
 * The "Show as table" switch of a graphical view: its text alternative, shown on screen for
 * anyone who reads a table better than a picture (and always there for screen readers).
 */
export function TableToggle({
  checked,
  onChange,
  plural = false,
  testId,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** "Show as tables", for a view that becomes several. */
  plural?: boolean;
  testId?: string;
  className?: string;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />{' '}
      {plural ? 'Show as tables' : 'Show as table'}
    </label>
  );
}
