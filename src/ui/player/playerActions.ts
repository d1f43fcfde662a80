/**
 * @file The player's commands as registered actions with closed names (as Excalidraw
 * does): the buttons, the keys and the shortcuts dialog all go through this one list, so what is
 * documented is what is bound. Active only while a run is loaded (and not streaming). Built on
 * actions/action.ts only; actions/actions.ts adds this list to the app's.
 * Runs in: the main thread.
 */
import { modKey as mod, plainKey as plain } from '../actions/action.ts';
import type { Action } from '../actions/action.ts';
import { getState } from '../store/appStore.ts';
import { changeSpeed, setUnfolded, setView, stepIteration, stepPhase, toEnd, toStart, togglePlay } from './playerSession.ts';

export type PlayerActionName =
  | 'player.playPause'
  | 'player.phaseBack'
  | 'player.phaseForward'
  | 'player.iterationBack'
  | 'player.iterationForward'
  | 'player.start'
  | 'player.end'
  | 'player.slower'
  | 'player.faster'
  | 'player.toggleView'
  | 'player.toggleFold';

type PlayerAction = Action & { name: PlayerActionName };

const replayable = () => {
  const p = getState().player;
  return p !== null && !p.live && p.total > 0;
};

export const PLAYER_ACTIONS: PlayerAction[] = [
  {
    name: 'player.playPause',
    label: 'MCTS player: play / pause',
    keys: ['p'],
    predicate: replayable,
    keyTest: (e) => plain(e) && e.key === 'p',
    perform: () => togglePlay(),
  },
  {
    name: 'player.phaseBack',
    label: 'MCTS player: previous phase',
    keys: ['←'],
    predicate: replayable,
    keyTest: (e) => plain(e) && !e.shiftKey && e.key === 'ArrowLeft',
    perform: () => stepPhase(-1),
  },
  {
    name: 'player.phaseForward',
    label: 'MCTS player: next phase',
    keys: ['→'],
    predicate: replayable,
    keyTest: (e) => plain(e) && !e.shiftKey && e.key === 'ArrowRight',
    perform: () => stepPhase(1),
  },
  {
    name: 'player.iterationBack',
    label: 'MCTS player: same phase of the previous iteration',
    keys: ['Ctrl', '←'],
    predicate: replayable,
    keyTest: (e) => mod(e) && e.key === 'ArrowLeft',
    perform: () => stepIteration(-1),
  },
  {
    name: 'player.iterationForward',
    label: 'MCTS player: same phase of the next iteration',
    keys: ['Ctrl', '→'],
    predicate: replayable,
    keyTest: (e) => mod(e) && e.key === 'ArrowRight',
    perform: () => stepIteration(1),
  },
  { name: 'player.start', label: 'MCTS player: go to the start', keys: ['Home'], predicate: replayable, keyTest: (e) => plain(e) && e.key === 'Home', perform: () => toStart() },
  { name: 'player.end', label: 'MCTS player: go to the end', keys: ['End'], predicate: replayable, keyTest: (e) => plain(e) && e.key === 'End', perform: () => toEnd() },
  { name: 'player.slower', label: 'MCTS player: slower', keys: [','], predicate: replayable, keyTest: (e) => plain(e) && e.key === ',', perform: () => changeSpeed(-1) },
  { name: 'player.faster', label: 'MCTS player: faster', keys: ['.'], predicate: replayable, keyTest: (e) => plain(e) && e.key === '.', perform: () => changeSpeed(1) },
  {
    name: 'player.toggleView',
    label: 'MCTS player: search tree / code graph view',
    keys: ['v'],
    predicate: () => getState().player !== null,
    keyTest: (e) => plain(e) && e.key === 'v',
    perform: () => setView(getState().player?.view === 'graph' ? 'tree' : 'graph'),
  },
  {
    name: 'player.toggleFold',
    label: 'MCTS player: unfold every node of the search tree / fold it again',
    keys: ['u'],
    predicate: () => getState().player?.view === 'tree' && getState().viewMode === 'tree',
    keyTest: (e) => plain(e) && e.key === 'u',
    perform: () => setUnfolded(!(getState().player?.unfolded ?? false)),
  },
];

const byName = new Map(PLAYER_ACTIONS.map((a) => [a.name, a]));

/** What a button calls: the same action the key runs (nothing when it does not apply now). */
export function performPlayerAction(name: PlayerActionName): void {
  const action = byName.get(name)!;
  if (action.predicate && !action.predicate()) return;
  action.perform(undefined as never);
}

/** "label (key)" for a button's title. */
export function actionTitle(name: PlayerActionName): string {
  const action = byName.get(name)!;
  return `${action.label.replace(/^MCTS player: /, '')} (${action.keys.join('+')})`;
}
