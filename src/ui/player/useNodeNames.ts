/**
 * @file Short names of node ids (core/graph/displayName.ts shortName), read from the repo worker:
 * a few ids (inspector, diff) once per id set, and every node of a run (story, known answer,
 * dock) once per replay, shared by its readers.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import type { Replay } from '../../core/search/mctsReplay.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import type { Row } from '../../core/pipeline/repoService.ts';
import { namesOf, num, sqlIds } from '../data/sql.ts';

const NAMES_SQL = 'SELECT id, kind, name, qualified_name, import_name FROM nodes WHERE id IN';

/** Each node's short name (a module by its import name: core/graph/displayName.ts). */
function namesById(rows: readonly Row[]): Map<number, string> {
  return new Map(rows.map((r) => [num(r, 'id'), namesOf(r).shortName]));
}

export function useNodeNames(service: RepoClient, ids: readonly number[]): Map<number, string> {
  const key = ids.join(',');
  const [names, setNames] = useState(new Map<number, string>());
  useEffect(() => {
    let stale = false;
    const list = sqlIds(key === '' ? [] : key.split(',').map(Number));
    if (list === 'NULL') return;
    service
      .query(`${NAMES_SQL} (${list})`)
      .then((rows) => {
        if (!stale) setNames(namesById(rows));
      })
      .catch((error: unknown) => console.warn('node names', error));
    return () => {
      stale = true;
    };
  }, [service, key]);
  return names;
}

/** One read of a run's node names, whoever asks (the story column, the dock and the known answer). */
const replayNames = new WeakMap<Replay, Promise<Map<number, string>>>();

export function useReplayNames(service: RepoClient, replay: Replay): Map<number, string> {
  const [names, setNames] = useState(new Map<number, string>());
  useEffect(() => {
    let stale = false;
    let read = replayNames.get(replay);
    if (!read) {
      const list = sqlIds(replay.ids);
      read = list === 'NULL' ? Promise.resolve(new Map()) : service.query(`${NAMES_SQL} (${list})`).then(namesById);
      replayNames.set(replay, read);
    }
    read
      .then((found) => {
        if (!stale) setNames(found);
      })
      .catch((error: unknown) => {
        replayNames.delete(replay);
        console.warn('run node names', error);
      });
    return () => {
      stale = true;
    };
  }, [service, replay]);
  return names;
}
