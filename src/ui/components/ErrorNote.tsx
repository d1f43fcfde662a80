/**
 * @file An error message in a panel or dialog with its own ✕ (data-testid=dismiss-error; Esc on
 * the ✕ dismisses too). The message keeps the caller's test id and text: the ✕ sits beside it.
 * Runs in: the main thread.
 */
import type { ReactNode } from 'react';

export interface ErrorNoteProps {
  /** The message's own test id (kept from before the ✕ was added). */
  testId?: string;
  code?: string;
  small?: boolean;
  /** Extra classes of the message. */
  className?: string;
  onDismiss: () => void;
  children: ReactNode;
}

export function ErrorNote({ testId, code, small, className, onDismiss, children }: ErrorNoteProps) {
  return (
    <div className="error-note" role="alert">
      <p className={['error-text', small ? 'small' : '', className ?? ''].filter(Boolean).join(' ')} data-testid={testId} data-code={code}>
        {children}
      </p>
      <button
        type="button"
        className="icon-button error-dismiss"
        data-testid="dismiss-error"
        aria-label="Dismiss error"
        title="Dismiss"
        onClick={onDismiss}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault(); // the window's Esc handler skips it
          onDismiss();
        }}
      >
        ✕
      </button>
    </div>
  );
}
