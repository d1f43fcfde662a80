/**
 * @file The agent panel: ask a question or state a requirement; the ReAct agent's thoughts,
 * actions and observations stream in (the model's text token by token), each action's nodes are
 * lit on the graph (the Cypher console's subgraph highlight), and the answer's [#id] citations
 * are buttons that select the node. It states which LLM answers (or what to load and why),
 * that web search is out (offline), shows the requirement graph's counts with a build button,
 * and lets any tool be run by hand (its example arguments name a function of the open graph).
 * Errors show with a ✕ and go when the action that failed succeeds. `?agentScript=<json>` in the URL drives it with the scripted
 * FAKE engine (e2e only; labelled as such).
 * Runs in: the main thread; the agent runs in the repo worker.
 */
import { nodeText } from '../../core/graph/displayName.ts';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AgentEvent, AgentInfo, AgentLlmChoice, AgentTranscript } from '../../core/agent/agentService.ts';
import type { AgentStep } from '../../core/agent/loop/reactAgent.ts';
import { askAgentWithEvents, buildRequirementsWithProgress } from '../clients/repoClient.ts';
import { useCommands } from '../commands.ts';
import { showCypherSubgraph } from '../data/cypherResults.ts';
import { errorText } from '../errors/errorMessages.ts';
import { getState, setState, useAppState } from '../store/appStore.ts';
import { answerParts, exampleArgs, llmNotice, pickExampleNode, splitAnswerCode } from './agentFormat.ts';
import type { ExampleNode } from './agentFormat.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import '../styles/agent.css';

let panelOpen = false;
const listeners = new Set<() => void>();

export function setAgentPanelOpen(open: boolean): void {
  if (open === panelOpen) return;
  panelOpen = open;
  for (const l of listeners) l();
}

export function toggleAgentPanel(): void {
  setAgentPanelOpen(!panelOpen);
}

export function isAgentPanelOpen(): boolean {
  return panelOpen;
}

export function useAgentPanelOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => panelOpen,
  );
}

function fakeScriptFromUrl(): AgentLlmChoice | null {
  const raw = new URLSearchParams(location.search).get('agentScript');
  if (!raw) return null;
  try {
    return { kind: 'fake', script: JSON.parse(raw) as { turns: string[] } };
  } catch {
    return null;
  }
}

function StepView({ step, onNode }: { step: AgentStep; onNode: (ids: number[]) => void }) {
  return (
    <li className="agent-step" data-testid="agent-step" data-tool={step.tool ?? ''}>
      {step.thought && <p className="agent-thought">{step.thought}</p>}
      {step.error && <p className="error-text">{step.error}</p>}
      {step.tool && (
        <>
          <button type="button" className="agent-action" onClick={() => onNode(step.nodeIds)} title="Light this action's nodes on the graph">
            <span className="agent-tag">action</span> {step.tool} <code>{JSON.stringify(step.input)}</code>
            {step.nodeIds.length > 0 && <span className="muted small"> · {step.nodeIds.length} nodes</span>}
          </button>
          <pre className="agent-observation">{step.output}</pre>
        </>
      )}
    </li>
  );
}

export function AgentPanel() {
  const { service, selectNode, graph } = useCommands();
  const open = useAgentPanelOpen();
  const active = useAppState((s) => s.activeRepoId !== null && s.storage === 'ready');
  const semantic = useAppState((s) => s.semantic);
  const [fake] = useState(fakeScriptFromUrl);
  const [info, setInfo] = useState<AgentInfo | null>(null);
  const [question, setQuestion] = useState('');
  const [steps, setSteps] = useState<AgentStep[]>([]);
  const [live, setLive] = useState('');
  const [result, setResult] = useState<AgentTranscript | null>(null);
  const [running, setRunning] = useState<'agent' | 'build' | 'tool' | null>(null);
  // 'info': reading the tools failed (the next read that works clears it); 'run': asking or building failed.
  const [failure, setFailure] = useState<{ from: 'info' | 'run'; text: string } | null>(null);
  const [toolName, setToolName] = useState('requirement_search');
  const [toolArgs, setToolArgs] = useState('');
  // The example arguments follow the open graph until the person edits them.
  const [example, setExample] = useState<ExampleNode | null>(null);
  const argsEdited = useRef(false);
  const repoId = useAppState((s) => s.activeRepoId);
  const graphVersion = useAppState((s) => s.graphVersion);
  const [toolOutput, setToolOutput] = useState<string | null>(null);
  const [useLlm, setUseLlm] = useState(false);
  const [buildProgress, setBuildProgress] = useState<string | null>(null);
  const lit = useRef<number[]>([]);
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) answerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  const [context, setContext] = useState<{ id: number; text: string }[]>([]);

  const light = useCallback(
    (ids: number[]) => {
      lit.current = ids;
      void showCypherSubgraph(graph?.() ?? null, ids, getState().egoDepth);
    },
    [graph],
  );

  const refresh = useCallback(async () => {
    try {
      const next = await service.agentInfo();
      const node = await service.readExampleCandidates().then(pickExampleNode, () => null);
      setInfo(next);
      setExample(node);
      setFailure((current) => (current?.from === 'info' ? null : current));
      const tool = next.tools.find((t) => t.name === toolName) ?? next.tools[0];
      if (tool) setToolArgs((current) => (argsEdited.current && current ? current : exampleArgs(tool, node)));
    } catch (error) {
      setFailure({ from: 'info', text: errorText(error) });
    }
  }, [service, toolName]);

  useEffect(() => {
    // Another graph: arguments typed for the last one no longer apply.
    argsEdited.current = false;
  }, [repoId, graphVersion]);

  useEffect(() => {
    if (open && active) void refresh();
    if (!open && lit.current.length > 0) light([]);
  }, [open, active, refresh, light, repoId, graphVersion]);

  const ask = async () => {
    if (!question.trim() || running) return;
    setRunning('agent');
    setSteps([]);
    setLive('');
    setResult(null);
    setContext([]);
    setFailure(null);
    // Events come through their own comlink port: some may land after the transcript; drop them.
    let finished = false;
    const onEvent = (event: AgentEvent) => {
      if (finished) return;
      if (event.type === 'token') setLive((text) => text + event.text);
      else if (event.type === 'step') {
        setLive('');
        setSteps((list) => [...list, event.step]);
        if (event.step.nodeIds.length > 0) light(event.step.nodeIds);
      }
    };
    try {
      const transcript = await askAgentWithEvents(service, question, { llm: fake ?? { kind: 'model' } }, onEvent);
      finished = true;
      setResult(transcript);
      setSteps(transcript.steps);
      const ids = (transcript.cited.length > 0 ? transcript.cited : transcript.retrieved).slice(0, 10);
      const refs = await service.readNodeRefs(ids);
      const byId = new Map(refs.map((ref) => [ref.id, { id: ref.id, text: nodeText(ref) }]));
      setContext(ids.flatMap((id) => byId.get(id) ?? []));
      if (transcript.cited.length > 0) light(transcript.cited);
    } catch (error) {
      setFailure({ from: 'run', text: errorText(error) });
    } finally {
      finished = true;
      setRunning(null);
      setLive('');
    }
  };

  const build = async () => {
    setRunning('build');
    setFailure(null);
    try {
      await buildRequirementsWithProgress(service, useLlm, (p) => setBuildProgress(`${p.phase} ${p.done}/${p.total}`));
      await refresh();
      // The details pane shows the requirement graph: let it read the new tables.
      setState({ semanticVersion: getState().semanticVersion + 1 });
    } catch (error) {
      setFailure({ from: 'run', text: errorText(error) });
    } finally {
      setRunning(null);
      setBuildProgress(null);
    }
  };

  const runTool = async () => {
    setRunning('tool');
    setToolOutput(null);
    try {
      const args = JSON.parse(toolArgs || '{}') as Record<string, unknown>;
      const out = await service.runAgentTool(toolName, args);
      setToolOutput(out.text);
      light(out.nodeIds);
    } catch (error) {
      setToolOutput(error instanceof SyntaxError ? `The arguments are not valid JSON: ${error.message}` : errorText(error));
    } finally {
      setRunning(null);
    }
  };

  if (!open) return null;
  const notice = llmNotice(semantic, fake !== null);
  const req = info?.requirements;
  const answer = result?.answer ?? null;
  const generated = answer ? splitAnswerCode(answer) : null;
  return (
    <section className="sql-console agent-panel" data-testid="agent-panel" aria-label="Agent">
      <header className="panel-head">
        <strong>Agent</strong>
        <span className="muted small">ReAct over the code and requirement graphs · {info?.offlineNote ?? 'Web search is out: offline.'}</span>
        <button type="button" className="icon-button" aria-label="Close agent panel" onClick={toggleAgentPanel}>
          ×
        </button>
      </header>
      <p className={notice.loaded ? 'muted small' : 'agent-notice small'} data-testid="agent-llm-notice">
        {notice.text}
      </p>
      <p className="muted small" data-testid="agent-requirements" data-count={req?.requirements ?? 0}>
        Requirement graph:{' '}
        {req && req.requirements > 0
          ? `${req.requirements} requirements (docstring ${req.bySource.docstring}, LLM ${req.bySource.llm}, structural ${req.bySource.structural}); PARENT_CHILD ${req.edges.PARENT_CHILD}, SIMILAR_REQUIREMENT ${req.edges.SIMILAR_REQUIREMENT}`
          : 'not built yet (requirement_search needs it).'}{' '}
        <button type="button" data-testid="agent-build" disabled={!active || running !== null} onClick={() => void build()}>
          {running === 'build' ? `Building… ${buildProgress ?? ''}` : req && req.requirements > 0 ? 'Rebuild' : 'Build requirement graph'}
        </button>
        {running === 'build' && (
          <button type="button" onClick={() => void service.cancelAgent()}>
            Stop
          </button>
        )}
        {notice.loaded && fake === null && (
          <label className="small" title="CodeRAG's requirement prompt for every Function / Method / Class without a docstring (one chat each)">
            {' '}
            <input type="checkbox" checked={useLlm} onChange={(e) => setUseLlm(e.target.checked)} /> LLM writes the missing requirements
          </label>
        )}
      </p>
      <div className="agent-body">
        <div className="agent-chat">
          <form
            className="agent-ask"
            onSubmit={(e) => {
              e.preventDefault();
              void ask();
            }}
          >
            <input
              data-testid="agent-question"
              aria-label="Question or requirement for the agent"
              placeholder="A question or a requirement, e.g. apply a coupon to the cart totals"
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
            />
            <button type="submit" className="primary" data-testid="agent-ask" disabled={!active || running !== null || !question.trim()}>
              Ask
            </button>
            {running === 'agent' && (
              <button type="button" onClick={() => void service.cancelAgent()}>
                Stop
              </button>
            )}
          </form>
          {failure && (
            <ErrorNote testId="agent-error" onDismiss={() => setFailure(null)}>
              {failure.text}
            </ErrorNote>
          )}
          <ol className="agent-steps" data-testid="agent-steps">
            {steps.filter((s) => s.tool !== null || s.error).map((step, i) => (
              <StepView key={i} step={step} onNode={light} />
            ))}
            {live && <li className="agent-live muted small" data-testid="agent-live">{live}</li>}
          </ol>
          {result && (
            <div ref={answerRef} className="agent-answer" data-testid="agent-answer" data-status={result.status} data-cited={result.cited.join(',')}>
              <p className="muted small">
                {result.llm} · {result.rounds} round(s) · {result.status}
                {result.message ? ` · ${result.message}` : ''}
              </p>
              {generated && (
                <p>
                  {answerParts(generated.prose, result.cited).map((part, i) =>
                    'text' in part ? (
                      <span key={i}>{part.text}</span>
                    ) : (
                      <button key={i} type="button" className={part.cited ? 'agent-cite' : 'agent-cite unsupported'} data-testid="agent-cite" title={part.cited ? `Select ${context.find((n) => n.id === part.id)?.text ?? 'this node'}` : 'No tool returned this node'} onClick={() => selectNode(part.id)}>
                        #{part.id}
                      </button>
                    ),
                  )}
                </p>
              )}
              {generated && generated.code.length > 0 && (
                <div className="agent-generated" data-testid="agent-generated">
                  <div>
                    <h4>Generated code</h4>
                    {generated.code.map((c, i) => (
                      <pre key={i} className="agent-observation" data-language={c.language}>
                        {c.text}
                      </pre>
                    ))}
                  </div>
                  <div>
                    <h4>Retrieved context</h4>
                    <ul className="edge-list">
                      {context.map((n) => (
                        <li key={n.id}>
                          <button type="button" className="link-button" onClick={() => selectNode(n.id)}>
                            #{n.id} {n.text}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              )}
            </div>
          )}
        </div>
        <div className="agent-tools" data-testid="agent-tools">
          <label className="small">
            Run a tool by hand{' '}
            <select
              value={toolName}
              data-testid="agent-tool-select"
              onChange={(e) => {
                setToolName(e.target.value);
                const tool = info?.tools.find((t) => t.name === e.target.value);
                argsEdited.current = false;
                if (tool) setToolArgs(exampleArgs(tool, example));
              }}
            >
              {(info?.tools ?? []).map((t) => (
                <option key={t.name} value={t.name} title={t.description}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <textarea aria-label="Tool arguments (JSON)" data-testid="agent-tool-args" rows={4} value={toolArgs} onChange={(e) => {
              argsEdited.current = true;
              setToolArgs(e.target.value);
            }} spellCheck={false} />
          <button type="button" data-testid="agent-tool-run" disabled={!active || running !== null} onClick={() => void runTool()}>
            Run tool
          </button>
          {toolOutput !== null && <pre className="agent-observation" data-testid="agent-tool-output">{toolOutput}</pre>}
        </div>
      </div>
    </section>
  );
}
