import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default: on one busy core (CI runs the suites beside the
// journeys) a render can take longer. A ceiling for stuck tests, not a speed goal.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  // Tests in the node environment (the build inspection) have no DOM or storage to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
