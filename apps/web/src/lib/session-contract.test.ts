import { describe, expect, it, vi } from 'vitest';
import { buildUser, mockApi } from '@/testing';
import { apiRequest } from './api-client';

const loaded = vi.hoisted(() => ({ contract: false }));
vi.mock('./contract', async (importOriginal) => {
  loaded.contract = true;
  return importOriginal();
});

describe('the session check', () => {
  it("parses the signed-in user without loading the rest of the contract, so the page's heading need not wait for it", async () => {
    const user = buildUser();
    mockApi({ 'GET /api/auth/me': { body: { user, profileComplete: true } } });
    const answer = await apiRequest('/auth/me', { schema: 'meResponseSchema' });
    expect(answer).toEqual({ user, profileComplete: true });
    expect(loaded.contract).toBe(false);
  });
});
