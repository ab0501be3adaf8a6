// Development only: puts the mock answers panel on the page, in a root of its own beside the app.
import { createRoot } from 'react-dom/client';
import { MockExamplesPanel } from './MockExamplesPanel';

export function mountMockPanel() {
  const host = document.createElement('div');
  host.id = 'dev-mock-answers';
  document.body.append(host);
  createRoot(host).render(<MockExamplesPanel />);
}
