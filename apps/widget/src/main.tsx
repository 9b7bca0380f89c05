import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, clientIdFromPath } from './app.tsx';
import './styles/widget.css';
import './styles/ui.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App clientId={clientIdFromPath(window.location.pathname)} />
    </StrictMode>,
  );
}
