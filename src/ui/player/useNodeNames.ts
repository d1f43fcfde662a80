/**
 * @file Short names of node ids (core/graph/displayName.ts shortName), read from the repo worker:
 * a few ids (inspector, diff) once per id set, and every node of a run (story, known answer,
 * dock) once per replay, shared by its readers.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { shortName } from '../../core/graph/displayName.ts';
import type { NodeRef } from '../../core/reads/nodeLookups.ts';
import type { RepoClient } from '../clients/repoClient.ts';

/** Each node's short name (a module by its import name: core/graph/displayName.ts). */
function namesById(refs: readonly NodeRef[]): Map<number, string> {
  return new Map(refs.map((ref) => [ref.id, shortName(ref)]));
}

/** Integer ids only, as the reads take them. */
const idsOf = (ids: readonly number[]): number[] => ids.filter((id) => Number.isInteger(id));

export function useNodeNames(service: RepoClient, ids: readonly number[]): Map<number, string> {
  const key = ids.join(',');
  const [names, setNames] = useState(new Map<number, string>());
  useEffect(() => {
    let stale = false;
    const list = idsOf(key === '' ? [] : key.split(',').map(Number));
    if (list.length === 0) return;
    service
      .readNodeRefs(list)
      .then((refs) => {
        if (!stale) setNames(namesById(refs));
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
      const list = idsOf(replay.ids);
      read = list.length === 0 ? Promise.resolve(new Map()) : service.readNodeRefs(list).then(namesById);
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
