/**
 * @file A visually hidden, untabbable file input that a visible button opens through `inputRef`:
 * it hands the chosen file to `onFile` and clears itself, so the same file can be picked again.
 * Runs in: the main thread.
 */
import type { RefObject } from 'react';

export interface HiddenFileInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  testId: string;
  label: string;
  onFile: (file: File) => void;
}

export function HiddenFileInput({ inputRef, accept, testId, label, onFile }: HiddenFileInputProps) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      className="visually-hidden"
      tabIndex={-1}
      data-testid={testId}
      aria-label={label}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
