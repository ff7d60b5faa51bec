/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert, so keyboard
 * focus stays inside (Tab past the last control comes back to the first, as it would not in a
 * browser whose address bar takes the focus next); Escape closes it, a click on the dimmed page
 * around it too; and focus returns to whatever had it before (the button that opened it).
 */
import {
  useEffect,
  useEffectEvent,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className,
  initialFocus,
  testId,
  children,
}: {
  open: boolean;
  /** Called when the dialog closes itself (Escape, a click outside): the owner's state follows. */
  onClose: () => void;
  /** The id of the dialog's heading. */
  labelledBy: string;
  /** Classes of the dialog's box (beside `dialog`). */
  className?: string;
  /** What takes the focus when it opens (else the first control). */
  initialFocus?: RefObject<HTMLElement | null>;
  testId?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      (initialFocus?.current ?? d.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    } else if (!open && d.open) d.close();
  }, [open, initialFocus]);

  // Closed from outside (the owner's state) or by the browser (Escape): the owner learns of it
  // and the focus goes back where it was.
  const onClosed = useEffectEvent(() => {
    onClose();
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  });
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const closed = () => onClosed();
    d.addEventListener('close', closed);
    return () => d.removeEventListener('close', closed);
  }, []);

  // Tab and Shift+Tab go round the dialog's own controls.
  const keepFocus = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    );
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={labelledBy}
      data-testid={testId}
      onKeyDown={keepFocus}
      // A click on the dialog element itself is on the dimmed backdrop: its box fills it.
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      <div className={`dialog${className ? ` ${className}` : ''}`}>{open ? children : null}</div>
    </dialog>
  );
}
