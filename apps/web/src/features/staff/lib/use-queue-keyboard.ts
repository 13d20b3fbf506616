import { useEffect, useRef } from 'react';

export interface QueueKeyboardActions {
  /** Number of rows on screen. */
  count: number;
  /** The current row's index. */
  active: number;
  /** Moves to a row (and focuses it). */
  moveTo(index: number): void;
  approve(index: number): void;
  reject(index: number): void;
  toggleSelected(index: number): void;
  /** False while a dialog is open or a decision is being sent. */
  enabled: boolean;
}

/** Elements where letters are typed or that handle keys themselves: the shortcuts stay out of them. */
const OWN_KEYS =
  'textarea, select, [contenteditable="true"], [role="dialog"], [role="textbox"], [role="combobox"]';

function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(OWN_KEYS)) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type);
}

/**
 * The review queue without a mouse: `j`/`k` move to the next/previous row, `a` approves it,
 * `r` opens the reject dialog, `x` selects it for a bulk decision. Listens on the document, so the
 * keys work wherever focus is on the page, except where text is typed and inside dialogs.
 */
export function useQueueKeyboard(actions: QueueKeyboardActions): void {
  // The listener is added once; it reads the latest actions through the ref.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const { count, active, moveTo, approve, reject, toggleSelected, enabled } = latest.current;
      if (!enabled || count === 0 || event.defaultPrevented) return;
      if (event.altKey || event.ctrlKey || event.metaKey || typesText(event.target)) return;
      const current = Math.min(Math.max(active, 0), count - 1);
      switch (event.key) {
        case 'j':
          moveTo(Math.min(current + 1, count - 1));
          break;
        case 'k':
          moveTo(Math.max(current - 1, 0));
          break;
        case 'a':
          approve(current);
          break;
        case 'r':
          reject(current);
          break;
        case 'x':
          toggleSelected(current);
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
