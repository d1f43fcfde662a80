/**
 * @file Names of a few node ids (inspector, diff), read once per id set from the repo worker.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import type { RepoClient } from '../clients/repoClient.ts';
import { num, sqlIds, str } from '../data/sql.ts';

export function useNodeNames(service: RepoClient, ids: readonly number[]): Map<number, string> {
  const key = ids.join(',');
  const [names, setNames] = useState(new Map<number, string>());
  useEffect(() => {
    let stale = false;
    const list = sqlIds(key === '' ? [] : key.split(',').map(Number));
    if (list === 'NULL') return;
    service
      .query(`SELECT id, name FROM nodes WHERE id IN (${list})`)
      .then((rows) => {
        if (!stale) setNames(new Map(rows.map((r) => [num(r, 'id'), str(r, 'name')])));
      })
      .catch((error: unknown) => console.warn('node names', error));
    return () => {
      stale = true;
    };
  }, [service, key]);
  return names;
}
