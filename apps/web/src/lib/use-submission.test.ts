import { describe, expect, it } from 'vitest';
import { SHELL_MESSAGES } from '@tp/shared';
import { sendWithModule } from './use-submission';

const api = {
  send: async (input: string) => {
    if (input === 'bad') throw new Error('refused by the server');
    return `sent ${input}`;
  },
  describe: (error: unknown) => `Shown: ${(error as Error).message}`,
};

describe('sendWithModule', () => {
  it('sends with the loaded module', async () => {
    const send = sendWithModule(
      async () => api,
      (m, input: string) => m.send(input),
      (m, error) => m.describe(error),
    );
    await expect(send('hello')).resolves.toBe('sent hello');
  });

  it("fails with the module's wording of the error, the error kept as its cause", async () => {
    const send = sendWithModule(
      async () => api,
      (m, input: string) => m.send(input),
      (m, error) => m.describe(error),
    );
    const failure = await send('bad').catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Shown: refused by the server');
    expect(((failure as Error).cause as Error).message).toBe('refused by the server');
  });

  it('says "Loading chunk failed" when the module cannot be loaded', async () => {
    const send = sendWithModule(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      (m: typeof api, input: string) => m.send(input),
      (m, error) => m.describe(error),
    );
    await expect(send('hello')).rejects.toThrow(SHELL_MESSAGES.chunkLoadFailed);
  });
});
