// The page itself: the styles and the app, mounted into #root (imported by main.tsx). Monaco is
// not imported here: the views that use it load it lazily, so the page renders and the composer
// takes a call before Monaco's 3.5 MB are evaluated.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App, startApp } from './app';

const container = document.getElementById('root');
if (container === null) {
  // index.html owns the #root element; without it there is nothing to mount into.
  throw new Error('edit-playground: #root element missing from index.html');
}

startApp();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
