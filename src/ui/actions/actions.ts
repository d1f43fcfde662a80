/**
 * @file Every keyboard command as one registered action (name, label, keys shown in the
 * shortcuts dialog, keyTest, perform). The global key handler and the `?` dialog both read
 * this list, so what is documented is what is bound. The Action type lives in action.ts; this
 * file combines the app's list with the player's (PLAYER_ACTIONS).
 * Runs in: the main thread.
 */
import { plainKey as plain } from './action.ts';
import type { Action, ActionContext } from './action.ts';
import { PLAYER_ACTIONS } from '../player/playerActions.ts';
import { getState, setState } from '../store/appStore.ts';
import { cycleDock, toggleInDock } from '../layout/dock.ts';

export type { Action, ActionContext } from './action.ts';

/** The app's own actions; ACTIONS adds the player's after them. */
const APP_ACTIONS: Action[] = [
  {
    name: 'focusSearch',
    label: 'Search nodes by name',
    keys: ['/'],
    keyTest: (e) => plain(e) && e.key === '/',
    perform: (ctx) => ctx.focusSearch(),
  },
  {
    name: 'escape',
    label: 'Cancel indexing, a semantic task or a search, close a dialog or panel, dismiss the error, or clear the selection',
    keys: ['Esc'],
    inTextFields: true,
    keyTest: (e) => e.key === 'Escape',
    perform: (ctx) => {
      const s = getState();
      const cancellable = s.semanticTask !== null && !s.semanticTask.cancelling && s.semanticTask.kind !== 'check';
      // The embedding started after an index runs in the background: a search, a dialog, the start
      // screen the person opened since, the error banner, or the text field they type in (Esc
      // leaves it) come first.
      const background = s.semanticTask?.auto === true;
      const typing = document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement;
      if (s.indexing && !s.indexing.cancelling) ctx.cancelIndexing();
      else if (cancellable && !background) ctx.cancelSemantic();
      else if (s.question?.state === 'running' || (s.evalRun.busy && !s.evalRun.cancelling)) ctx.cancelQuestion();
      else if (s.dialog) setState({ dialog: null });
      else if (cancellable && !(s.showStart && s.activeRepoId) && !s.error && !typing) ctx.cancelSemantic();
      else if (s.modelsOpen) setState({ modelsOpen: false });
      else if (s.showStart && s.activeRepoId) setState({ showStart: false });
      else if (s.error) setState({ error: null });
      else if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) document.activeElement.blur();
      else ctx.selectNode(null);
    },
  },
  {
    name: 'focusQuestion',
    label: 'Ask a question (router: Cypher or MCTS)',
    keys: ['q'],
    keyTest: (e) => plain(e) && e.key === 'q',
    perform: () => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="question-input"]');
      input?.focus();
      input?.select();
    },
  },
  {
    name: 'showShortcuts',
    label: 'Show keyboard shortcuts',
    keys: ['?'],
    keyTest: (e) => plain(e) && e.key === '?',
    perform: () => setState((s) => ({ dialog: s.dialog === 'shortcuts' ? null : 'shortcuts' })),
  },
  {
    name: 'expand',
    label: 'Expand / collapse the selected module or class (ego view: recentre)',
    keys: ['Enter'],
    keyTest: (e) => plain(e) && e.key === 'Enter',
    perform: (ctx) => {
      const id = getState().selectedNodeId;
      if (id !== null) void ctx.graph()?.activate(id);
    },
  },
  {
    name: 'egoView',
    label: 'Ego view of the selected node',
    keys: ['e'],
    keyTest: (e) => plain(e) && e.key === 'e',
    perform: (ctx) => {
      const { selectedNodeId, egoDepth } = getState();
      if (selectedNodeId === null) return;
      setState({ viewMode: 'ego' });
      void ctx.graph()?.showEgo(selectedNodeId, egoDepth);
    },
  },
  {
    name: 'overview',
    label: 'Module overview',
    keys: ['o'],
    keyTest: (e) => plain(e) && e.key === 'o',
    perform: (ctx) => {
      setState({ viewMode: 'overview' });
      void ctx.graph()?.showOverview();
    },
  },
  {
    name: 'depthUp',
    label: 'Ego view: one hop deeper (max 3)',
    keys: ['+'],
    keyTest: (e) => plain(e) && (e.key === '+' || e.key === '='),
    perform: (ctx) => changeDepth(ctx, +1),
  },
  {
    name: 'depthDown',
    label: 'Ego view: one hop shallower (min 1)',
    keys: ['-'],
    keyTest: (e) => plain(e) && e.key === '-',
    perform: (ctx) => changeDepth(ctx, -1),
  },
  {
    name: 'fit',
    label: 'Fit the graph to the window',
    keys: ['f'],
    keyTest: (e) => plain(e) && e.key === 'f',
    perform: (ctx) => ctx.graph()?.fit(),
  },
  {
    name: 'zoomIn',
    label: 'Zoom in',
    keys: [']'],
    keyTest: (e) => plain(e) && e.key === ']',
    perform: (ctx) => ctx.graph()?.zoomBy(1.25),
  },
  {
    name: 'zoomOut',
    label: 'Zoom out',
    keys: ['['],
    keyTest: (e) => plain(e) && e.key === '[',
    perform: (ctx) => ctx.graph()?.zoomBy(0.8),
  },
  {
    name: 'toggleSql',
    label: 'Show / hide the SQL console (behind another docked panel: bring it to the front)',
    keys: ['s'],
    keyTest: (e) => plain(e) && e.key === 's',
    perform: () => toggleInDock('sql'),
  },
  {
    name: 'toggleModels',
    label: 'Show / hide the models panel (presets, descriptions, embeddings, SIMILAR; behind another docked panel: bring it to the front)',
    keys: ['m'],
    keyTest: (e) => plain(e) && e.key === 'm',
    perform: () => toggleInDock('models'),
  },
  {
    name: 'nextDockPanel',
    label: 'Side dock: bring the next panel to the front',
    keys: ['d'],
    keyTest: (e) => plain(e) && e.key === 'd',
    perform: () => cycleDock(1),
  },
  {
    name: 'previousDockPanel',
    label: 'Side dock: bring the previous panel to the front',
    keys: ['Shift', 'D'],
    keyTest: (e) => plain(e) && e.key === 'D',
    perform: () => cycleDock(-1),
  },
  {
    name: 'toggleSimilar',
    label: 'Show / hide SIMILAR edges on the graph',
    keys: ['g'],
    keyTest: (e) => plain(e) && e.key === 'g',
    perform: () => setState((s) => ({ showSimilar: !s.showSimilar })),
  },
  {
    name: 'toggleTheme',
    label: 'Switch light / dark theme',
    keys: ['t'],
    keyTest: (e) => plain(e) && e.key === 't',
    perform: () => setTheme(getState().theme === 'dark' ? 'light' : 'dark'),
  },
];

/** Every action, the app's then the player's: the key handler and the shortcuts dialog read this list. */
export const ACTIONS: Action[] = [...APP_ACTIONS, ...PLAYER_ACTIONS];

/** Documented elsewhere (inside a field or a list), listed in the dialog for completeness. */
export const LOCAL_SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ['↑', '↓'], label: 'Move through search results and lists' },
  { keys: ['Enter'], label: 'Open the highlighted search result' },
  { keys: ['Ctrl', 'Enter'], label: 'Run the SQL in the console' },
  { keys: ['←', '→', 'Home', 'End'], label: 'Side dock tabs (a tab focused): move between the docked panels' },
  { keys: ['double-click'], label: 'Expand / collapse a module or class' },
  { keys: ['←', '→', '↑', '↓'], label: 'Overview (canvas focused): move between the packages and modules of a box' },
  { keys: ['Enter'], label: 'Overview (canvas focused): open the focused package, or show a module’s members' },
  { keys: ['Esc', 'Backspace'], label: 'Overview (canvas focused): close the box around the focus (go back up)' },
];

function changeDepth(ctx: ActionContext, delta: number): void {
  const depth = Math.min(3, Math.max(1, getState().egoDepth + delta));
  if (depth === getState().egoDepth) return;
  setState({ egoDepth: depth });
  void ctx.graph()?.setEgoDepth(depth);
}

export function setTheme(theme: 'light' | 'dark'): void {
  localStorage.setItem('ranger.theme', theme);
  setState({ theme });
}

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The global keydown handler: first matching action wins. Buttons keep their own Enter. */
export function handleKey(event: KeyboardEvent, ctx: ActionContext): void {
  if (event.defaultPrevented) return;
  const typing = inTextField(event.target);
  const onControl = event.target instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(event.target.tagName);
  for (const action of ACTIONS) {
    if (!action.keyTest(event)) continue;
    if (action.predicate && !action.predicate()) continue;
    if (typing && !action.inTextFields) return;
    if (onControl && action.name === 'expand') return;
    event.preventDefault();
    action.perform(ctx);
    return;
  }
}
