/**
 * @file The models panel (m): a side panel over the details pane with the preset picker
 * (offline is the default), the three model rows, other model sources, load / check / cache
 * tools, descriptions, embeddings + SIMILAR, and what is stored. Non-modal: the graph stays
 * usable. A model folder dropped on it is added for the chosen role.
 * Runs in: the main thread.
 */
import { useState } from 'react';
import type { DragEvent } from 'react';
import { PRESETS } from '../../core/models/modelSpec.ts';
import type { PresetId } from '../../core/models/modelSpec.ts';
import { useCommands } from '../commands.ts';
import { folderFromDrop } from '../data/modelSources.ts';
import type { TransformersRole } from '../data/modelSources.ts';
import { useFocusOnOpen } from '../hooks/useFocusOnOpen.ts';
import { addFolderModel, choosePreset } from '../semanticSession.ts';
import { setState, useAppState } from '../store/appStore.ts';
import { DescribeControls } from './DescribeControls.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { EmbedControls } from './EmbedControls.tsx';
import { ModelRow } from './ModelRow.tsx';
import { ModelSources } from './ModelSources.tsx';
import { ModelTools } from './ModelTools.tsx';
import { StoredSemantic } from './StoredSemantic.tsx';

export function ModelsPanel() {
  const { service } = useCommands();
  const open = useAppState((s) => s.modelsOpen);
  const status = useAppState((s) => s.semantic);
  const failure = useAppState((s) => s.semanticError);
  const task = useAppState((s) => s.semanticTask);
  const [role, setRole] = useState<TransformersRole>('embedder');
  const [dropping, setDropping] = useState(false);
  const closeRef = useFocusOnOpen<HTMLButtonElement>(open);
  if (!open) return null;

  const presetId = status?.presetId ?? 'offline';
  const preset = PRESETS.find((p) => p.id === presetId);
  const onDrop = (event: DragEvent) => {
    // The app-wide drop would index the folder as a repository: this one is a model.
    event.preventDefault();
    event.stopPropagation();
    setDropping(false);
    void folderFromDrop(event.dataTransfer).then((folder) => folder && addFolderModel(service, role, folder.name, folder.files));
  };

  return (
    <aside
      className={`models-panel${dropping ? ' dropping' : ''}`}
      data-testid="models-panel"
      aria-label="Models"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        e.stopPropagation();
        setDropping(true);
      }}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setDropping(false)}
      onDrop={onDrop}
    >
      <header className="panel-head models-head">
        <h2>Models</h2>
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close the models panel" title="Close (m or Esc)" onClick={() => setState({ modelsOpen: false })}>
          ✕
        </button>
      </header>
      {failure && !status && (
        <ErrorNote small onDismiss={() => setState({ semanticError: null })}>
          The semantic layer is not available: {failure}
        </ErrorNote>
      )}
      {status && (
        <>
          <section className="models-section" aria-label="Model set">
            <label className="preset-line" title="A preset: one embedder, reranker and LLM chosen together">
              Model set
              <select
                value={presetId}
                data-testid="preset-select"
                title={preset?.technical ?? preset?.label}
                disabled={task?.kind === 'load'}
                onChange={(e) => void choosePreset(service, e.target.value as PresetId)}
              >
                {PRESETS.map((p) => (
                  <option key={p.id} value={p.id} title={p.technical ?? p.label}>
                    {p.label}
                  </option>
                ))}
                {presetId === 'custom' && <option value="custom">Custom</option>}
              </select>
            </label>
            <p className="note" data-testid="preset-note">
              {preset ? preset.note : 'Custom: one or more models were chosen by hand.'}
            </p>
            <ul className="model-rows">
              <ModelRow status={status.embedder} />
              <ModelRow status={status.reranker} />
              <ModelRow status={status.llm} />
            </ul>
          </section>
          <ModelTools status={status} />
          <ModelSources role={role} onRole={setRole} busy={task !== null} />
          <DescribeControls status={status} />
          <EmbedControls status={status} />
          <StoredSemantic status={status} />
        </>
      )}
      {dropping && <p className="models-drop">Drop a model folder for the {role}</p>}
    </aside>
  );
}
