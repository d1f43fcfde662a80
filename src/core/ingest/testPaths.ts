/**
 * @file Which files are tests or fixtures, by path alone: a test folder anywhere above the file
 * (test, tests, __tests__, testing, fixtures, __fixtures__, __snapshots__, idle_test, e2e) or a
 * test file name (test_*.py, *_test.py, conftest.py, *_test.go, *.test.* / *.spec.*). Used by the index-time
 * filter (ingest option skipTests) and by search (tests ranked after code, or hidden).
 * Runs in: everywhere. Layer src/core.
 */

/** Folder names that hold tests or fixtures: a file below one of them is a test file. */
export const TEST_FOLDERS: ReadonlySet<string> = new Set(['test', 'tests', '__tests__', 'testing', 'fixtures', '__fixtures__', '__snapshots__', 'idle_test', 'e2e']);

const TEST_FILE = /^(test_.+\.py|.+_test\.py|conftest\.py|.+_test\.go|.+\.(test|spec)\.[cm]?[jt]sx?)$/;

/** True when a folder on the path (not the file name itself) is a test folder. */
export function inTestFolder(path: string): boolean {
  const parts = path.split('/');
  return parts.slice(0, -1).some((part) => TEST_FOLDERS.has(part.toLowerCase()));
}

/** True for a test or fixture file: under a test folder, or named like a test. */
export function isTestPath(path: string): boolean {
  return inTestFolder(path) || TEST_FILE.test(path.slice(path.lastIndexOf('/') + 1));
}
