/**
 * @file The consoles' Run button, which turns into Cancel while a query runs (the repo worker
 * interrupts the database: src/adapters/browser/consoleQueries.ts).
 * Runs in: the main thread.
 */
export function QueryRunButton({ testIdPrefix, running, disabled, onRun, onCancel }: { testIdPrefix: string; running: boolean; disabled: boolean; onRun: () => void; onCancel: () => void }) {
  return running ? (
    <button type="button" data-testid={`${testIdPrefix}-cancel`} onClick={onCancel} title="Stop the query (the database is interrupted; nothing changes)">
      Cancel
    </button>
  ) : (
    <button type="button" className="primary" data-testid={`${testIdPrefix}-run`} onClick={onRun} disabled={disabled}>
      Run
    </button>
  );
}
