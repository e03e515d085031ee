import { describe, expect, it } from 'vitest';
import { meResponseSchema } from '@tp/shared';
import { createUser, signedInClient, useTestApp } from './kit';

describe('server test kit', () => {
  const t = useTestApp();

  it('creates users with complete profiles and unique addresses', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app, { company: '' })];
    expect(a.email).not.toBe(b.email);
    expect(b.company).toBe('');
  });

  it('signs a client in with a real session that the API accepts, and a logout ends it', async () => {
    const client = await signedInClient(t.app);
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(meResponseSchema.parse(me.json()).user.email).toBe(client.user.email);
    expect((await client.post('/api/auth/logout', {})).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });
});
