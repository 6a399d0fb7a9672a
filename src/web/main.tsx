import { matchWebRoute } from '@domain/routes';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { pages } from './app/routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page arrives prerendered (scripts/prerender.mjs): its page's code is loaded first, so the
// first render matches the HTML and React hydrates it instead of replacing it.
const route = matchWebRoute(window.location.pathname);
if (container.hasAttribute('data-prerendered') && route) {
  void pages[route].preload().then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}
