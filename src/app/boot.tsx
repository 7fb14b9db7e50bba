// The page itself: Monaco, the styles and the app, mounted into #root (loaded by main.tsx).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './monaco-setup';
import './styles.css';
import { App } from './app';

const container = document.getElementById('root');
if (container === null) {
  // index.html owns the #root element; without it there is nothing to mount into.
  throw new Error('edit-playground: #root element missing from index.html');
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
