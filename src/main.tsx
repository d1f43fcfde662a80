/**
 * @file Browser entry: mounts the React app and registers the service worker (offline).
 * Runs in: the main thread.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App.tsx';
import { registerServiceWorker } from './ui/pwa/serviceWorker.ts';
import './ui/styles/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
