/**
 * A panel's frame: a titled section (a region named by its heading) that can be reached by
 * keyboard whenever its content overflows it, with the export menu in normal mode.
 */
import { useRef, type ReactNode } from 'react';
import { useScrollFocus } from './use-scroll-focus';

export function Panel({
  className,
  titleId,
  testId,
  heading,
  children,
}: {
  className: string;
  titleId: string;
  testId: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useScrollFocus(ref);
  return (
    <section ref={ref} className={className} aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{heading}</h2>
      {children}
    </section>
  );
}
