/**
 * @file Other models for the embedder or the reranker: the ones this site serves under
 * /models/ (fixtures), a custom hub id with its dtype, or a local folder (picked here, or
 * dropped anywhere on the panel). Choosing one selects it; nothing downloads until "Load models".
 * Runs in: the main thread.
 */
import { useEffect, useRef, useState } from 'react';
import type { Dtype } from '../../core/models/modelSpec.ts';
import { useCommands } from '../commands.ts';
import { DTYPES, folderFromFileList, hubSpec, loadPublicModels } from '../data/modelSources.ts';
import type { TransformersRole, TransformersSpec } from '../data/modelSources.ts';
import { addFolderModel, chooseModel } from '../semanticSession.ts';

export function ModelSources({ role, onRole, busy }: { role: TransformersRole; onRole: (role: TransformersRole) => void; busy: boolean }) {
  const { service } = useCommands();
  const [publicModels, setPublicModels] = useState<TransformersSpec[] | null>(null);
  const [hubId, setHubId] = useState('');
  const [dtype, setDtype] = useState<Dtype>('q8');
  const [pooling, setPooling] = useState<'mean' | 'cls'>('mean');
  const folderRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    loadPublicModels()
      .then((list) => live && setPublicModels(list))
      .catch(() => live && setPublicModels([]));
    return () => {
      live = false;
    };
  }, []);

  const forRole = (publicModels ?? []).filter((m) => m.role === role);
  return (
    <details className="models-section other-models" aria-label="Other models" data-testid="other-models">
      <summary>
        <h3>Other models</h3> <span className="muted small">on this site, a hub id, or a folder</span>
      </summary>
      <div className="segmented role-switch" role="group" aria-label="For which model">
        {(['embedder', 'reranker'] as const).map((r) => (
          <button key={r} type="button" aria-pressed={role === r} data-testid={`source-role-${r}`} onClick={() => onRole(r)}>
            {r === 'embedder' ? 'Embedder' : 'Reranker'}
          </button>
        ))}
      </div>
      <p className="note">On this site (public/models/):</p>
      {publicModels === null ? (
        <p className="note">Reading /models/index.json…</p>
      ) : forRole.length === 0 ? (
        <p className="note">None for the {role}.</p>
      ) : (
        <ul className="public-models">
          {forRole.map((spec) => (
            <li key={spec.id}>
              <button type="button" className="small" disabled={busy} data-testid={`public-model-${spec.id}`} onClick={() => void chooseModel(service, spec)}>
                Use
              </button>
              <span className="mono">{spec.id}</span> <span className="muted small">{spec.label}</span>
            </li>
          ))}
        </ul>
      )}
      <form
        className="hub-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (hubId.trim()) void chooseModel(service, hubSpec(role, hubId, dtype, pooling));
        }}
      >
        <input
          type="text"
          value={hubId}
          placeholder="hub id, e.g. Xenova/all-MiniLM-L6-v2"
          aria-label={`Hub id of a custom ${role}`}
          data-testid={`hub-id-${role}`}
          spellCheck={false}
          onChange={(e) => setHubId(e.target.value)}
        />
        <select value={dtype} aria-label="dtype" onChange={(e) => setDtype(e.target.value as Dtype)}>
          {DTYPES.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
        {role === 'embedder' && (
          <select value={pooling} aria-label="Pooling" onChange={(e) => setPooling(e.target.value as 'mean' | 'cls')}>
            <option value="mean">mean</option>
            <option value="cls">cls</option>
          </select>
        )}
        <button type="submit" className="small" disabled={busy || hubId.trim() === ''}>
          Use
        </button>
      </form>
      <p className="folder-line">
        <button type="button" className="small" disabled={busy} onClick={() => folderRef.current?.click()}>
          Load folder…
        </button>
        <span className="note"> or drop a model folder (config.json, tokenizer.json, onnx/) on this panel.</span>
        <input
          ref={folderRef}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={`Model folder for the ${role}`}
          data-testid="model-folder-input"
          {...{ webkitdirectory: '' }}
          onChange={(e) => {
            const folder = e.target.files ? folderFromFileList(e.target.files) : null;
            e.target.value = '';
            if (folder) void addFolderModel(service, role, folder.name, folder.files);
          }}
        />
      </p>
    </details>
  );
}
