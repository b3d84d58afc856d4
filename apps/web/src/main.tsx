import './styles.css';

import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './app';
import { adoptEarlyData } from './lib/early-data';
import { pageChanged, watchOfflineStatus } from './lib/offline/offline-status';
import { watchQueue } from './lib/offline/queue-sync';
import { registerServiceWorker } from './lib/offline/service-worker-client';
import { rememberOpeningUrl } from './lib/opening-url';
import { queryClient, setUnauthorizedHandler } from './lib/query-client';
import { endSession } from './lib/session';
import { keepTypedFields } from './lib/typed-before-hydration';
import { createAppRouter } from './router';

// Answers the inline script of index.html asked for while this code downloaded.
adoptEarlyData(queryClient);

rememberOpeningUrl();
// Before the app renders: the service worker's notes on answers it served from the device.
watchOfflineStatus(queryClient);
// Changes made with no network wait on the device; they go out at start and when the network returns.
watchQueue(queryClient);
const router = createAppRouter();
router.subscribe('onBeforeNavigate', pageChanged);
registerServiceWorker(router, () => queryClient.isFetching() > 0);

// A token refused mid-session (expired, signed out elsewhere) ends the session quietly; changes made
// offline stay on the device for the same user's next sign-in.
setUnauthorizedHandler(() => {
  endSession(queryClient, { keepOfflineChanges: true });
  void router.navigate({ to: '/login' });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (root.firstElementChild) {
  // A page prerendered at build time (landing, login, register, contact): its HTML is already on screen.
  // The route's code and session are loaded first, so the first render matches that HTML and React
  // only attaches to it. What the visitor typed meanwhile is handed to the form's state once React
  // is attached (see keepTypedFields).
  void router.load().then(() => {
    const replayTyped = keepTypedFields(root);
    hydrateRoot(root, <App router={router} onAttached={replayTyped} />);
  });
} else {
  createRoot(root).render(<App router={router} />);
}
