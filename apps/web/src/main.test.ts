import { describe, expect, it } from 'vitest';

describe('start-up', () => {
  it('throws "Failed to find the root element" when the page has no #root', async () => {
    document.body.innerHTML = '';
    await expect(import('./main')).rejects.toThrow('Failed to find the root element');
  });
});
