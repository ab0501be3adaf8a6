// Development only (mounted from main.tsx under import.meta.env.DEV, so the build leaves it
// out): chooses which of openapi.yaml's answers the mock gives for an operation. A tool for
// the portal's developers, so its texts stay English here and are not in src/messages.
// The choice lives in the dev server (mock/devProxy.ts), which sets Prism's Prefer header,
// waits (slow) or drops the connection (no status) for that operation's calls.
import { useEffect, useState, type CSSProperties } from 'react';

interface Choice {
  value: string;
  label: string;
}
interface OperationChoices {
  operationId: string;
  request: string;
  choices: Choice[];
  active: string | null;
}

const ENDPOINT = '/__mock/examples';
// The dev server's own endpoint, not the API: no token, no API base, none of the fetcher's rules.
// eslint-disable-next-line no-restricted-globals
const devServer = (init?: RequestInit) => fetch(ENDPOINT, init);

const box: CSSProperties = {
  position: 'fixed',
  right: 8,
  bottom: 8,
  zIndex: 10000,
  font: '13px/1.4 system-ui, sans-serif',
  color: '#111',
  background: '#fff',
  border: '1px solid #555',
  borderRadius: 6,
  boxShadow: '0 2px 8px rgba(0,0,0,.3)',
  maxWidth: 'calc(100vw - 16px)',
};

export function MockExamplesPanel() {
  const [open, setOpen] = useState(false);
  const [operations, setOperations] = useState<OperationChoices[]>([]);
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState('');

  const load = (request?: Promise<Response>) =>
    (request ?? devServer())
      .then(async (response) => {
        const body = await response.json();
        if (!response.ok) throw new Error(body.error);
        setOperations(body);
        setProblem('');
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));

  useEffect(() => {
    void load();
  }, []);

  const choose = (operationId: string, value: string) =>
    load(devServer({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ operationId, value: value || null }) }));

  const chosen = operations.filter((op) => op.active);
  const shown = operations.filter((op) => `${op.operationId} ${op.request}`.toLowerCase().includes(filter.toLowerCase()));

  if (!open)
    return (
      <button type="button" style={{ ...box, padding: '4px 10px', cursor: 'pointer' }} onClick={() => setOpen(true)} aria-expanded={false}>
        Mock answers{chosen.length ? ` (${chosen.length} chosen)` : ''}
      </button>
    );
  return (
    <section aria-label="Mock answers" style={{ ...box, padding: 10, width: 560, maxHeight: '70vh', overflow: 'auto' }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }}>
        <strong style={{ flex: 1 }}>Mock answers (development only)</strong>
        <button type="button" onClick={() => setOpen(false)} aria-expanded>
          Close
        </button>
      </div>
      <p style={{ margin: '0 0 6px' }}>
        Each call of an operation gets the answer chosen here until you choose again. Reload the page or repeat the action to see it.
      </p>
      {problem && <p role="alert">The dev server said: {problem}</p>}
      <p aria-live="polite" style={{ margin: '0 0 6px' }}>
        {chosen.length ? `Active: ${chosen.map((op) => `${op.operationId} → ${op.active}`).join(', ')}` : 'Active: the usual answers everywhere'}
      </p>
      <label style={{ display: 'block', marginBottom: 6 }}>
        Filter <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((op) => (
          <li key={op.operationId} style={{ padding: '3px 0', borderTop: '1px solid #ddd', background: op.active ? '#fff3bf' : undefined }}>
            <label style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <span>
                <code>{op.operationId}</code> <small>{op.request}</small>
              </span>
              <select value={op.active ?? ''} onChange={(event) => void choose(op.operationId, event.target.value)}>
                <option value="">usual answer (the persona’s)</option>
                {op.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
