import { describe, expect, it } from 'vitest';
import { logOperatorOut } from './operator-page.tsx';

describe('operator logout (docs/0070)', () => {
  it('ends the session on the server before the browser forgets the token', async () => {
    const steps: string[] = [];
    await logOperatorOut(
      async () => {
        steps.push('server');
      },
      () => steps.push('forget'),
    );
    expect(steps).toEqual(['server', 'forget']);
  });

  it('forgets the token even when the server call fails', async () => {
    const steps: string[] = [];
    await logOperatorOut(
      () => Promise.reject(new Error('network')),
      () => steps.push('forget'),
    );
    expect(steps).toEqual(['forget']);
  });
});
