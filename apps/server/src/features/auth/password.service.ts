import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { MESSAGES } from '@tp/shared';
import type { Deps } from '../../deps';
import { forbidden, unauthorized } from '../../plugins/errors';
import { recordSignIn } from '../activity';
import { findUserByEmail } from './profile.service';
import { createSession, type ClientContext } from './sessions.service';
import { toUserView } from './user-view';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export async function hashPassword(password: string, salt: Buffer): Promise<string> {
  const key = await scryptAsync(password, salt, 64);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Password sign-in: off unless AUTH_PASSWORD_ENABLED; scrypt hashes, constant-time comparison. */
export async function passwordLogin(deps: Deps, email: string, password: string, client: ClientContext) {
  if (!deps.config.auth.passwordEnabled) throw forbidden(MESSAGES.passwordLoginDisabled, 'PASSWORD_LOGIN_DISABLED');
  const user = await findUserByEmail(deps.db, email);
  const [, salt, expected] = user?.passwordHash?.split('$') ?? [];
  const candidate = await hashPassword(password, Buffer.from(salt ?? 'no-user-salt', 'base64'));
  const ok =
    user !== null &&
    expected !== undefined &&
    Buffer.from(expected, 'base64').length === 64 &&
    timingSafeEqual(Buffer.from(candidate.split('$')[2]!, 'base64'), Buffer.from(expected, 'base64'));
  if (!ok || !user) throw unauthorized('Invalid email or password');
  const session = await deps.db.transaction(async (tx) => {
    const issued = await createSession(deps, tx, user.id, false, client);
    await recordSignIn(tx, user, client.timeZone);
    return issued;
  });
  return { session, user: toUserView(user) };
}
