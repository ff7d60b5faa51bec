/** A box that scrolls sideways when its content is wider, reachable by keyboard while it does. */
import { useRef, type ReactNode } from 'react';
import { useScrollFocus } from './use-scroll-focus';

export function ScrollBox({
  className,
  label,
  children,
}: {
  className: string;
  /** What it holds, for the region a screen reader enters. */
  label: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollFocus(ref);
  return (
    <div ref={ref} className={className} role="region" aria-label={label}>
      {children}
    </div>
  );
}
